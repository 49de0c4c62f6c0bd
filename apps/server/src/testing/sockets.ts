import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import { cookieFor } from "./auth-helpers";

/** A JSON WebSocket as a test drives it: frames kept in order, read one at a time. */
export interface TestSocket {
  socket: WebSocket;
  /** The next frame not read yet, parsed; fails after `timeoutMs`. */
  next(timeoutMs?: number): Promise<unknown>;
  /** Resolves when nothing arrives for `quietMs`, with what did arrive meanwhile (unread frames). */
  quiet(quietMs?: number): Promise<unknown[]>;
  send(frame: unknown): void;
  /** The close code and reason, once closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** The ws:// origin of a listening app. */
export function wsOrigin(app: FastifyInstance): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens a WebSocket as a browser page of `origin` would (its Origin header and the session cookie), or as a script
 * with an API key (`bearer`, the Authorization header); resolves once open, or rejects with the HTTP status that
 * refused the upgrade and its body. `localAddress` is the loopback address it comes from (127.0.0.1 when absent),
 * to be another client for the server's per-address limits.
 */
export function openSocket(
  url: string,
  options: { token?: string; origin?: string; localAddress?: string; bearer?: string } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (options.token) headers.cookie = cookieFor(options.token);
  if (options.origin) headers.origin = options.origin;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const socket = new WebSocket(url, { headers, localAddress: options.localAddress });
  const frames: unknown[] = [];
  const waiters: Array<(frame: unknown) => void> = [];
  socket.on("message", (data) => {
    const frame: unknown = JSON.parse(String(data));
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const testSocket: TestSocket = {
    socket,
    next(timeoutMs = 5_000) {
      if (frames.length > 0) return Promise.resolve(frames.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no frame in time")), timeoutMs);
        waiters.push((frame) => {
          clearTimeout(timer);
          resolve(frame);
        });
      });
    },
    async quiet(quietMs = 300) {
      let seen = frames.length;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        if (frames.length === seen) return frames.splice(0);
        seen = frames.length;
      }
    },
    send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(testSocket));
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += String(chunk);
      });
      response.once("end", () => {
        reject(new Error(`upgrade refused: ${response.statusCode} ${body}`));
        socket.terminate();
      });
    });
    socket.once("error", reject);
  });
}
