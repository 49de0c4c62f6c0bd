import type { AddressInfo } from "node:net";
import fastifyWebsocket from "@fastify/websocket";
import { systemClock } from "@market/api";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { guardSockets } from "./socket-guard";
import { SOCKET_LIMITS } from "./socket-limits";

/** The guard's keep-alive on a bare app (a socket route that only holds its sockets), pinging every 50 ms. */
const PING_MS = 50;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyWebsocket);
  guardSockets(app, { clock: systemClock, publicUrl: undefined, pingIntervalMs: PING_MS });
  app.get("/socket", { websocket: true }, () => {});
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
});

/** A session's socket; `autoPong: false` is a peer gone without closing, which answers nothing. */
function connect(autoPong: boolean): Promise<{ socket: WebSocket; closed: Promise<number> }> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket`, { autoPong, headers: { cookie: "session=a.b" } });
  const closed = new Promise<number>((resolve) => socket.once("close", resolve));
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

describe("the socket guard's keep-alive", () => {
  it("ends the sockets that answer no ping, which frees their session's slots, and keeps the others", async () => {
    const silent = await Promise.all(Array.from({ length: SOCKET_LIMITS.perSession }, () => connect(false)));
    // Terminated (1006, no close frame) within two intervals, give or take the timers.
    expect(await Promise.all(silent.map(({ closed }) => closed))).toEqual(silent.map(() => 1006));

    const live = await Promise.all(Array.from({ length: SOCKET_LIMITS.perSession }, () => connect(true)));
    await new Promise((resolve) => setTimeout(resolve, 5 * PING_MS));
    expect(live.map(({ socket }) => socket.readyState)).toEqual(live.map(() => WebSocket.OPEN));
    for (const { socket } of live) socket.close();
    await Promise.all(live.map(({ closed }) => closed));
  });
});
