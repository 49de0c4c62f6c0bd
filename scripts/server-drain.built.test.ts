import { existsSync } from "node:fs";
import { type IncomingMessage, request } from "node:http";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@market/db/seed";
import { expect, it } from "vitest";
import WebSocket from "ws";
import { startBuiltServer } from "./built-server.mjs";

/**
 * The drain (issue 38 point 4, apps/server/src/lifecycle/drain.ts) of the BUILT server, a process of its own on
 * this run's database, as a deployment stops it: SIGTERM while a request is in flight and a WebSocket open.
 */
const BUILT_SERVER = new URL("../apps/server/dist/main.js", import.meta.url).pathname;
/** Long enough for the probes within it to answer on a loaded machine (a load average of 30 here). */
const DRAIN_DELAY_MS = 4_000;
const DRAIN_TIMEOUT_MS = 15_000;

it("on SIGTERM fails /readyz at once, answers what is in flight, refuses new connections, exits 0", async () => {
  expect(existsSync(BUILT_SERVER), `${BUILT_SERVER} is missing: run \`npm run build\` first`).toBe(true);
  const server = await startBuiltServer({
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
  });
  try {
    const { baseUrl } = server;
    const ready = await fetch(`${baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { ready: true, checks: { database: "ok", listen: "ok", migrations: "ok", draining: "ok" } },
    ]);
    expect((await fetch(`${baseUrl}/livez`)).status).toBe(200);

    const socket = await notificationsSocket(baseUrl, await signIn(baseUrl));
    // A request in flight: its body is half sent, the rest comes only after the server stopped accepting.
    const slow = startSlowRequest(`${baseUrl}/api/reset-password`, '{"email": ');
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.signal("SIGTERM");
    const signalledAt = performance.now();
    // The signal reaches the process on its own time: a probe sent the same instant may be answered first. The
    // first 503 must come within a few of a balancer's checks (its interval is 300 ms in scripts/cluster).
    let draining = await get(`${baseUrl}/readyz`);
    while (draining.status === 200 && performance.now() - signalledAt < 500) draining = await get(`${baseUrl}/readyz`);
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body)).toMatchObject({
      ready: false,
      checks: { draining: "failed" },
      failed: ["draining"],
    });
    // Within the delay, a new connection is still served (the balancer has not seen the 503 yet).
    expect((await get(`${baseUrl}/livez`)).status).toBe(200);
    expect(performance.now() - signalledAt).toBeLessThan(DRAIN_DELAY_MS);

    // After the delay: the socket is told to reconnect elsewhere, and no new connection is taken.
    const closed = await socket.closed;
    expect(closed.code).toBe(1012);
    expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_DELAY_MS - 50);
    expect(await refusedWithin(`${baseUrl}/livez`, 2_000)).toBe("ECONNREFUSED");
    expect(isAlive(server.pid)).toBe(true);

    // The request in flight still completes, and answers.
    const answer = await slow.finish('"drain-test@example.com"}');
    expect(answer.status).toBe(200);

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalledAt).toBeLessThan(DRAIN_TIMEOUT_MS);
  } finally {
    await server.stop();
  }
}, 180_000);

/** A GET on a connection of its own (no keep-alive pool): status and body, or the connection's error. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => collect(response).then(resolve, reject))
      .on("error", reject)
      .end();
  });
}

async function collect(response: IncomingMessage): Promise<{ status: number; body: string }> {
  let body = "";
  for await (const chunk of response) body += chunk;
  return { status: response.statusCode ?? 0, body };
}

/** A POST whose JSON body is sent in two parts: `finish` sends the rest and resolves with the answer. */
function startSlowRequest(url: string, firstPart: string) {
  const slow = request(url, {
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    slow.on("response", (response) => collect(response).then(resolve, reject));
    slow.on("error", reject);
  });
  // Awaited by finish(); until then a failure is kept for it, not reported as unhandled.
  answer.catch(() => {});
  slow.write(firstPart);
  return {
    finish(rest: string) {
      slow.end(rest);
      return answer;
    },
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ login: DEMO_ACCOUNTS.influencer.email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The notifications WebSocket, open and listening (its ready frame); `closed` resolves with the close code. */
async function notificationsSocket(baseUrl: string, cookie: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/notifications`, {
    headers: { cookie, origin: baseUrl },
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.once("close", (code) => resolve({ code })));
  const firstFrame = new Promise<unknown>((resolve, reject) => {
    socket.once("message", (data) => resolve(JSON.parse(String(data))));
    socket.once("error", reject);
  });
  expect(await firstFrame).toEqual({ ready: true });
  return { closed };
}

/**
 * The error code of the first connection refused within `ms`: a connection that reaches the listening socket as it
 * closes is reset (ECONNRESET) rather than refused, so it is tried again.
 */
async function refusedWithin(url: string, ms: number): Promise<string> {
  const deadline = performance.now() + ms;
  let last = "accepted";
  while (performance.now() < deadline) {
    last = await get(url).then(
      () => "accepted",
      (error: { code?: string }) => error.code ?? "unknown",
    );
    if (last === "ECONNREFUSED") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
