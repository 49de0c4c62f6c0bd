import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./testing/test-app";

/**
 * Requests Node's HTTP parser refuses before Fastify routes them (inject() skips the parser, so these go over a
 * real socket): still the envelope, with the headers of any answer.
 */
const server = useTestApp();
let port: number;

beforeAll(async () => {
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  port = (server.app.server.address() as AddressInfo).port;
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function rawRequest(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(bytes));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

describe("requests the HTTP parser refuses", () => {
  it("answers headers over the limit (a pile of cookies) 431 too_big in the envelope", async () => {
    const answer = await rawRequest(
      `GET /api/deals HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: junk=${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ status: "error", reason: "too_big" });
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
  });

  it("answers a request it cannot read 400 invalid in the envelope", async () => {
    const answer = await rawRequest("GET /api/deals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ status: "error", reason: "invalid" });
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("keeps serving afterwards", async () => {
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toEqual({ status: "success", data: { db: "ok" } });
  });
});
