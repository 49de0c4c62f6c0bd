import { createSession, systemClock } from "@market/api";
import { createBrand } from "@market/api/testing";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

/** 0.01: a key gets 6 requests a minute (API_KEY_REQUESTS_PER_MINUTE scaled), reached in a few requests. */
const server = useTestApp({ rateLimitScale: 0.01 });

async function createKey(token: string, name: string): Promise<string> {
  const answer = await server.app.inject({
    method: "POST",
    url: "/api/keys",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie: cookieFor(token) },
    payload: JSON.stringify({ name, scopes: ["account:read"] }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.key;
}

const read = (key: string) =>
  server.app.inject({ method: "GET", url: "/api/settings", headers: { authorization: `Bearer ${key}` } });

describe("each API key's own rate limit (bearer-auth.ts)", () => {
  it("answers 429 with Retry-After past the key's limit, and leaves the owner's other keys be", async () => {
    const brand = await createBrand(server.db);
    const token = (await createSession(server.db, systemClock, brand.id)).token;
    const busy = await createKey(token, "busy");
    const calm = await createKey(token, "calm");
    // Six in one window: started at a window's beginning, unless the minute turns within these few milliseconds.
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 7; i++) answers.push(await read(busy));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, 6).every((status) => status === 200) || statuses.includes(429)).toBe(true);
    const remaining = answers.map((answer) => answer.headers["ratelimit-remaining"]);
    expect(answers.every((answer) => answer.headers["ratelimit-limit"] === "6")).toBe(true);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused, `remaining: ${remaining.join(",")}`).toBeDefined();
    expect(refused?.json()).toEqual({ status: "error", reason: "rate_limited" });
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused?.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused?.headers["ratelimit-remaining"]).toBe("0");
    const other = await read(calm);
    expect(other.statusCode).toBe(200);
    expect(other.headers["ratelimit-remaining"]).toBe("5");
  });
});
