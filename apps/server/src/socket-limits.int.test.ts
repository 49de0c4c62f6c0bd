import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { createSession, fixedClock } from "@market/api";
import { createBrand, TEST_ORIGIN } from "@market/api/testing";
import { createTestDb, type TestDb } from "@market/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { CLOSE_TOO_MANY_SOCKETS } from "./http/socket-guard";
import { SOCKET_LIMITS } from "./http/socket-limits";
import { cookieFor } from "./testing/auth-helpers";
import { openSocket, type TestSocket, wsOrigin } from "./testing/sockets";

/**
 * The WebSocket limits (socket-limits.ts) on both doors of a listening app, from 127.0.0.1 and, as another client,
 * 127.0.0.2. A fixed clock: each test starts in a window of its own, which real time never splits.
 */
const { perSession, perAddress, newPerAddress } = SOCKET_LIMITS;
const clock = fixedClock(new Date());
let testDb: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDb();
  app = await buildApp({ db: testDb.db, clock, publicUrl: TEST_ORIGIN });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});
const nextWindow = () => clock.advance(newPerAddress.windowMs);
beforeEach(nextWindow);

type Door = "/notifications" | "/trpc";
const httpOrigin = () => wsOrigin(app).replace(/^ws/, "http");
const sessionToken = async () => (await createSession(testDb.db, clock, (await createBrand(testDb.db)).id)).token;

/** Opens a socket as a page of the app would; on /notifications, once its door serves it (the ready frame). */
async function open(door: Door, options: { token?: string; localAddress?: string } = {}): Promise<TestSocket> {
  const socket = await openSocket(`${wsOrigin(app)}${door}`, { origin: httpOrigin(), ...options });
  if (door === "/notifications") expect(await socket.next()).toEqual({ ready: true });
  return socket;
}

/** Opens `count` sockets one after the other, so that the counts are exact at each. */
async function openMany(count: number, openOne: () => Promise<TestSocket>): Promise<TestSocket[]> {
  const sockets: TestSocket[] = [];
  for (let i = 0; i < count; i += 1) sockets.push(await openOne());
  return sockets;
}

/** A socket whose handshake completes only for it to be closed at once, its door never reached. */
async function expectTooMany(door: Door, token: string): Promise<void> {
  const socket = await openSocket(`${wsOrigin(app)}${door}`, { origin: httpOrigin(), token });
  const timeout = new Promise((resolve) => setTimeout(resolve, 2_000, "still open"));
  expect(await Promise.race([socket.closed, timeout])).toEqual({
    code: CLOSE_TOO_MANY_SOCKETS,
    reason: "too many sockets",
  });
  expect(await socket.quiet(50)).toEqual([]);
}

async function closeAll(sockets: TestSocket[]): Promise<void> {
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
}

/** Open TCP connections to the app, upgraded or not. */
const connections = () =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** Once the server has closed every connection, and run what their 'close' events do (the counts' release). */
async function settled(): Promise<void> {
  await expect.poll(connections, { timeout: 5_000 }).toBe(0);
  await new Promise((resolve) => setImmediate(resolve));
}

/** Sockets the server holds open, on both doors. */
const serverSockets = () => app.websocketServer.clients.size;

/** An upgrade written by hand, for what a WebSocket client would not send; resolves with the HTTP answer. */
function upgradeRequest(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${httpOrigin()}${path}`, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        "sec-websocket-version": "13",
        origin: httpOrigin(),
        ...headers,
      },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("upgrade", (_response, socket) => {
      socket.destroy();
      reject(new Error("upgraded"));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("one session's sockets", () => {
  it(`are ${perSession} at most over both doors: the next closes with ${CLOSE_TOO_MANY_SOCKETS}, until one closes`, async () => {
    const token = await sessionToken();
    const sockets = [
      ...(await openMany(perSession / 2, () => open("/notifications", { token }))),
      ...(await openMany(perSession / 2, () => open("/trpc", { token }))),
    ];
    await expectTooMany("/notifications", token);
    await expectTooMany("/trpc", token);
    // Another session of the same address is not held back.
    const other = await open("/notifications", { token: await sessionToken() });

    const [first, ...rest] = sockets;
    await closeAll(first ? [first] : []);
    await expect.poll(serverSockets).toBe(perSession);
    const again = await open("/notifications", { token });

    await closeAll([...rest, other, again]);
    await settled();
  });
});

describe("one address's sockets", () => {
  it(`are ${perAddress} at most, signed in or not: the next is refused 429 rate_limited before the handshake`, async () => {
    const token = await sessionToken();
    const own = await openMany(perSession, () => open("/trpc", { token }));
    // Refused for its session, a socket is one of its address's until it has closed.
    await expectTooMany("/trpc", token);
    await expectTooMany("/notifications", token);
    const anonymous = await openMany(newPerAddress.limit - perSession - 2, () => open("/trpc"));
    nextWindow();
    anonymous.push(...(await openMany(perAddress - own.length - anonymous.length, () => open("/trpc"))));

    await expect(open("/trpc")).rejects.toThrow("upgrade refused: 429");
    await expect(open("/notifications", { token: await sessionToken() })).rejects.toThrow("upgrade refused: 429");
    const refused = await upgradeRequest("/trpc");
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ status: "error", reason: "rate_limited" });
    const elsewhere = await open("/trpc", { localAddress: "127.0.0.2" });

    const [first, ...rest] = anonymous;
    await closeAll(first ? [first] : []);
    await expect.poll(serverSockets).toBe(perAddress);
    const again = await open("/trpc");

    await closeAll([...own, ...rest, elsewhere, again]);
    await settled();
  });
});

describe("new sockets from one address", () => {
  it(`are ${newPerAddress.limit} per window on both doors, closed or not: the next is refused 429`, async () => {
    const token = await sessionToken();
    for (let i = 0; i < newPerAddress.limit; i += 1) {
      await closeAll([await open(i % 2 === 0 ? "/trpc" : "/notifications", { token })]);
    }
    await expect(open("/trpc")).rejects.toThrow("upgrade refused: 429");
    await expect(open("/notifications", { token })).rejects.toThrow("upgrade refused: 429");
    const elsewhere = await open("/notifications", { token, localAddress: "127.0.0.2" });

    nextWindow();
    await closeAll([elsewhere, await open("/trpc", { token })]);
    await settled();
  });
});

describe("an upgrade from another site's page", () => {
  it("is refused 403 by its door and counts for nothing: it cannot spend its visitor's allowance", async () => {
    const token = await sessionToken();
    const own = await openMany(perSession, () => open("/trpc", { token }));
    const evil = { token, origin: "https://evil.example" };
    for (let i = 0; i < newPerAddress.limit; i += 1) {
      const door: Door = i % 2 === 0 ? "/notifications" : "/trpc";
      await expect(openSocket(`${wsOrigin(app)}${door}`, evil)).rejects.toThrow("upgrade refused: 403");
    }
    // Counted, they would have spent the window: these would be refused 429.
    await expectTooMany("/notifications", token);
    const anonymous = await open("/trpc");

    await closeAll([...own, anonymous]);
    await settled();
  });
});

describe("a socket's count", () => {
  /** Each way a socket or its upgrade can end, after the limiter counted it, on both doors. */
  const endings: Array<[string, (token: string) => Promise<void>]> = [
    ["closed by the client", async (token) => closeAll([await open("/notifications", { token })])],
    [
      "terminated by the client",
      async (token) => {
        const socket = await open("/trpc", { token });
        socket.socket.terminate();
        await socket.closed;
      },
    ],
    [
      "closed by the server on a message over 64 KiB",
      async (token) => {
        const socket = await open("/trpc", { token });
        socket.send("x".repeat(65 * 1024));
        expect((await socket.closed).code).toBe(1009);
      },
    ],
    [
      "refused by its door",
      async (token) => {
        const badQuery = openSocket(`${wsOrigin(app)}/notifications?lastEventId=x`, { origin: httpOrigin(), token });
        await expect(badQuery).rejects.toThrow("upgrade refused: 400");
      },
    ],
    [
      "refused by the handshake",
      async (token) => {
        const answer = await upgradeRequest("/trpc", { cookie: cookieFor(token), "sec-websocket-version": "7" });
        expect(answer.status).toBe(400);
      },
    ],
  ];

  it.each(endings)("is released when the socket is %s", async (_ending, end) => {
    const token = await sessionToken();
    for (let i = 0; i < perSession; i += 1) await end(token);
    await settled();
    // The count is exact again: had a single one been kept, the last of these would be refused.
    const sockets = await openMany(perSession, () => open("/notifications", { token }));
    await expectTooMany("/trpc", token);
    await closeAll(sockets);
    await settled();
  });
});
