import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * Third-party HTTP in integration tests goes through msw. Handlers are added per test with
 * `mswServer.use(...)`. An outside request without a handler is refused and fails the test that made it;
 * loopback requests to servers the test started itself pass through.
 */
export const mswServer = setupServer();

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
let unhandled: string[] = [];

beforeAll(() =>
  mswServer.listen({
    onUnhandledRequest(request, print) {
      if (LOOPBACK.has(new URL(request.url).hostname)) return;
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);

afterEach(() => {
  mswServer.resetHandlers();
  const seen = unhandled;
  unhandled = [];
  if (seen.length > 0) throw new Error(`Unhandled outside requests (add an msw handler):\n${seen.join("\n")}`);
});

afterAll(() => mswServer.close());
