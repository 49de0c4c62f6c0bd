import { fixedClock } from "@market/api";
import { HOUR_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { nextIp, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

// Sign-ups refused as email_taken: 5 per address an hour (packages/api/src/services/auth/rate-limit.ts).
const clock = fixedClock(new Date("2026-07-01T10:00:00Z"));
const server = useTestApp({ clock });

let sequence = 0;
function influencer(email?: string) {
  sequence += 1;
  const username = `signer${sequence}`;
  return { kind: "influencer", username, email: email ?? `${username}@example.com`, password: "long-enough" };
}

async function registeredEmail() {
  const input = influencer();
  expect((await post(server.app, "/api/signup", input)).statusCode).toBe(200);
  return input.email;
}

describe("POST /api/signup: probing emails", () => {
  it("refuses every sign-up from an address for the hour once 5 were refused as email_taken", async () => {
    const taken = await registeredEmail();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const probe = await post(server.app, "/api/signup", influencer(taken), { ip });
      expect(probe.statusCode).toBe(409);
      expect(probe.json()).toMatchObject({ reason: "email_taken" });
    }
    const sixth = await post(server.app, "/api/signup", influencer(taken), { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ status: "error", reason: "rate_limited" });
    expect(sixth.headers["retry-after"]).toBe("3600");
    // A free email is refused alike, so the refusal itself tells nothing about the email.
    expect((await post(server.app, "/api/signup", influencer(), { ip })).statusCode).toBe(429);
    // Another address is not held; the next hour the first one is not either.
    expect((await post(server.app, "/api/signup", influencer(taken), { ip: nextIp() })).statusCode).toBe(409);
    clock.advance(HOUR_MS);
    expect((await post(server.app, "/api/signup", influencer(taken), { ip })).statusCode).toBe(409);
  });

  it("counts a taken email named beside a taken username, and nothing but taken emails", async () => {
    const taken = await registeredEmail();
    const ip = nextIp();
    const holder = influencer();
    expect((await post(server.app, "/api/signup", holder, { ip })).statusCode).toBe(200);
    // Sign-ups that succeed or fail otherwise do not count: 3 of them, and 4 taken emails, one with a taken username.
    for (let i = 0; i < 2; i++)
      expect((await post(server.app, "/api/signup", influencer(), { ip })).statusCode).toBe(200);
    const nameTaken = await post(server.app, "/api/signup", { ...influencer(), username: holder.username }, { ip });
    expect(nameTaken.json()).toMatchObject({ reason: "username_taken" });
    for (let i = 0; i < 3; i++)
      expect((await post(server.app, "/api/signup", influencer(taken), { ip })).statusCode).toBe(409);
    const both = await post(server.app, "/api/signup", { ...influencer(taken), username: holder.username }, { ip });
    expect(both.json()).toMatchObject({
      reason: "username_taken",
      issues: [{ path: ["username"] }, { path: ["email"] }],
    });
    expect((await post(server.app, "/api/signup", influencer(taken), { ip })).statusCode).toBe(409);
    expect((await post(server.app, "/api/signup", influencer(taken), { ip })).statusCode).toBe(429);
  });
});
