import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";

const lines: Record<string, unknown>[] = [];
const server = useTestApp({
  logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
});

describe("the access log (request-log.ts)", () => {
  it("writes one line per request once it is answered: the request, its status and its time", async () => {
    lines.length = 0;
    const answer = await server.app.inject({ method: "GET", url: "/api/settings", headers: { "x-request-id": "r-1" } });
    expect(answer.statusCode).toBe(401);
    const ofRequest = lines.filter((line) => line.reqId === "r-1");
    expect(ofRequest).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/settings" }),
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
