import { type SetupServer, setupServer } from "msw/node";
import { afterEach, beforeAll } from "vitest";

/**
 * Third-party HTTP in integration tests goes through msw. Handlers are added per test with
 * `mswServer.use(...)`. An outside request without a handler is refused and fails the test that made it;
 * loopback requests to servers the test started itself pass through.
 *
 * The integration files share their worker's imports (vitest.config.ts, isolate: false), and vitest runs this file
 * again before each of them: the server, its listening and the requests it refused belong to the worker
 * (globalThis), so that a test file's import of `mswServer` and these hooks see the same server. It listens from the
 * first file on and stops with the worker.
 */
interface WorkerMsw {
  server: SetupServer;
  listening: boolean;
  unhandled: string[];
}

const shared = globalThis as { marketMsw?: WorkerMsw };
shared.marketMsw ??= { server: setupServer(), listening: false, unhandled: [] };
const worker = shared.marketMsw;

export const mswServer = worker.server;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

beforeAll(() => {
  if (worker.listening) return;
  worker.listening = true;
  mswServer.listen({
    onUnhandledRequest(request, print) {
      if (LOOPBACK.has(new URL(request.url).hostname)) return;
      worker.unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
});

afterEach(() => {
  mswServer.resetHandlers();
  // msw's resetHandlers(...handlers) makes those the server's initial handlers, which every later test file of
  // the worker would then meet: a test adds handlers with use(), after a plain resetHandlers() if it must.
  const left = mswServer.listHandlers().length;
  if (left > 0) throw new Error(`msw kept ${left} handlers as its initial ones: call resetHandlers() without handlers`);
  const seen = worker.unhandled;
  worker.unhandled = [];
  if (seen.length > 0) throw new Error(`Unhandled outside requests (add an msw handler):\n${seen.join("\n")}`);
});
