import { fixedClock } from "@market/api";
import { DAY_MS, SECOND_MS } from "@market/contracts";
import { rowsOf, sql } from "@market/db";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { nextIp, post, setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

// The login's limits (packages/api/src/services/auth/rate-limit.ts): 5 wrong passwords per account and network an
// hour, then waits from a minute; 10 per account a day, past which unknown networks wait from a second and the owner
// is mailed once. The clock stands still unless a test moves it, so every wait is exact.
const clock = fixedClock(new Date("2026-06-01T08:00:00Z"));
const server = useTestApp({ clock });

// Each test starts at 08:00 of a day of its own: fresh windows, whatever the tests before it waited.
let day = 0;
beforeEach(() => {
  day += 2;
  clock.set(new Date(Date.UTC(2026, 5, day, 8)));
});

let sequence = 0;
let networkSequence = 0;
/** An address in a network (a /24) no other address of these tests is in. */
const newNetwork = () => {
  networkSequence += 1;
  return `172.${16 + (networkSequence >> 8)}.${networkSequence & 255}.9`;
};

/** An influencer signed up from an address of its own, and the network its owner signs in from (known once used). */
async function newOwner() {
  sequence += 1;
  const username = `owner${sequence}`;
  const input = { kind: "influencer", username, email: `${username}@example.com`, password: "right-password" };
  expect((await post(server.app, "/api/signup", input, { ip: newNetwork() })).statusCode).toBe(200);
  return { ...input, home: newNetwork() };
}

const logIn = (login: string, password: string, ip: string) =>
  post(server.app, "/api/login", { login, password }, { ip });

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers["retry-after"]);

function expectRateLimited(response: LightMyRequestResponse, seconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ status: "error", reason: "rate_limited" });
  expect(retryAfter(response)).toBe(seconds);
  expect(setSessionCookie(response)).toBeUndefined();
}

/** Wrong passwords from fresh networks, until `count` were checked (answered 400 bad_password), waiting whenever told to. */
async function failFromElsewhere(login: string, count: number) {
  for (let failures = 0; failures < count; ) {
    const response = await logIn(login, "guess", newNetwork());
    if (response.statusCode === 429) clock.advance(retryAfter(response) * SECOND_MS);
    else {
      expect(response.statusCode).toBe(400);
      failures += 1;
    }
  }
}

async function mailsTo(email: string) {
  return rowsOf<{ subject: string; text: string }>(
    await server.db.execute(sql`select subject, text from outgoing_mail where "to" = ${email} order by id`),
  );
}

describe("POST /api/login: nobody can keep an owner out", () => {
  it("lets the owner in from their own network with the right password after 50 tries from other networks", async () => {
    const owner = await newOwner();
    expect((await logIn(owner.username, owner.password, owner.home)).statusCode).toBe(200);

    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await logIn(owner.username, "guess", newNetwork())).statusCode);
    // Ten were checked; the others came too early.
    expect(answers.filter((status) => status === 400)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(40);

    const own = await logIn(owner.email, owner.password, owner.home.replace(/\.9$/, ".200"));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ status: "success", data: { kind: "influencer" } });
  });

  it("counts the network an account signed up from as its owner's", async () => {
    sequence += 1;
    const input = { kind: "brand", username: `signer${sequence}`, email: `signer${sequence}@example.com` };
    const account = { ...input, password: "right-password", brandName: "Acme" };
    const home = newNetwork();
    expect((await post(server.app, "/api/signup", account, { ip: home })).statusCode).toBe(200);
    await failFromElsewhere(account.username, 12);
    expectRateLimited(await logIn(account.username, account.password, newNetwork()), 4);
    expect((await logIn(account.username, account.password, home)).statusCode).toBe(200);
  });

  it("counts the network a reset link is used from as the owner's: a way in from anywhere", async () => {
    const owner = await newOwner();
    await failFromElsewhere(owner.username, 12);
    const phone = newNetwork();
    expectRateLimited(await logIn(owner.username, owner.password, phone), 4);

    expect((await post(server.app, "/api/reset-password", { email: owner.email }, { ip: phone })).statusCode).toBe(200);
    const link = (await mailsTo(owner.email)).map((mail) => mail.text.match(/\?token=(\S+)/)?.[1]).find(Boolean);
    const reset = { token: decodeURIComponent(link ?? ""), newPassword: "a-new-password" };
    expect((await post(server.app, "/api/reset-password/confirm", reset, { ip: phone })).statusCode).toBe(200);
    expect((await logIn(owner.username, "a-new-password", phone)).statusCode).toBe(200);
  });

  it("makes an unknown network wait during an attack, twice as long after each wrong password", async () => {
    const owner = await newOwner();
    await failFromElsewhere(owner.username, 10);

    const elsewhere = newNetwork();
    for (const seconds of [1, 2, 4, 8]) {
      // Even the right password waits: it would otherwise tell the guesser when they found it.
      expectRateLimited(await logIn(owner.username, owner.password, elsewhere), seconds);
      clock.advance(seconds * SECOND_MS - 1);
      expectRateLimited(await logIn(owner.username, "guess", newNetwork()), 1);
      clock.advance(1);
      expect((await logIn(owner.username, "guess", newNetwork())).statusCode).toBe(400);
    }
    // Its turn come, the right password lets the owner in and is not counted: the next wait is still 16 seconds,
    // and the one after it 32, not 64.
    clock.advance(16 * SECOND_MS);
    expect((await logIn(owner.username, owner.password, elsewhere)).statusCode).toBe(200);
    expectRateLimited(await logIn(owner.username, "guess", newNetwork()), 16);
    clock.advance(16 * SECOND_MS);
    expect((await logIn(owner.username, "guess", newNetwork())).statusCode).toBe(400);
    expectRateLimited(await logIn(owner.username, "guess", newNetwork()), 32);
    // The network it signed in from is the owner's now.
    expect((await logIn(owner.username, owner.password, elsewhere)).statusCode).toBe(200);
  });

  it("holds the owner's own network after 5 wrong passwords from it, with growing waits, and no other", async () => {
    const owner = await newOwner();
    expect((await logIn(owner.username, owner.password, owner.home)).statusCode).toBe(200);
    // Its username and its email are one account.
    for (let i = 0; i < 5; i++) {
      expect((await logIn(i % 2 ? owner.email : owner.username, "typo", owner.home)).statusCode).toBe(400);
    }

    // Another address of the same network is the same network.
    expectRateLimited(await logIn(owner.username, owner.password, owner.home.replace(/\.9$/, ".10")), 60);
    expect((await logIn(owner.username, owner.password, newNetwork())).statusCode).toBe(200);
    clock.advance(60 * SECOND_MS);
    expect((await logIn(owner.username, "typo", owner.home)).statusCode).toBe(400);
    expectRateLimited(await logIn(owner.username, owner.password, owner.home), 120);
    clock.advance(120 * SECOND_MS);
    expect((await logIn(owner.username, owner.password, owner.home)).statusCode).toBe(200);
  });

  it("counts wrong passwords only: right ones in between leave every limit where it was", async () => {
    const owner = await newOwner();
    for (let i = 0; i < 4; i++) expect((await logIn(owner.username, "typo", owner.home)).statusCode).toBe(400);
    for (let i = 0; i < 12; i++) expect((await logIn(owner.username, owner.password, owner.home)).statusCode).toBe(200);
    expect((await logIn(owner.username, "typo", owner.home)).statusCode).toBe(400);
    expectRateLimited(await logIn(owner.username, owner.password, owner.home), 60);

    // Account-wide too: sign-ins from new networks between wrong passwords from elsewhere are not counted.
    const other = await newOwner();
    await failFromElsewhere(other.username, 9);
    for (let i = 0; i < 5; i++)
      expect((await logIn(other.username, other.password, newNetwork())).statusCode).toBe(200);
    expect((await logIn(other.username, "guess", newNetwork())).statusCode).toBe(400);
    expectRateLimited(await logIn(other.username, "guess", newNetwork()), 1);
  });

  it("answers an account nobody has exactly as a real one: 400 bad_password, then the same waits", async () => {
    const owner = await newOwner();
    await failFromElsewhere(owner.username, 10);
    await failFromElsewhere("nobody-has-this", 10);
    for (const login of [owner.username, "nobody-has-this"]) {
      const response = await logIn(login, "guess", newNetwork());
      expectRateLimited(response, 1);
    }
  });

  it("mails the owner once a day while attacked, counting wrong passwords from their own network too", async () => {
    const owner = await newOwner();
    expect((await logIn(owner.username, owner.password, owner.home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await logIn(owner.username, "typo", owner.home)).statusCode).toBe(400);
    await failFromElsewhere(owner.username, 4);
    expect(await mailsTo(owner.email)).toEqual([]);

    await failFromElsewhere(owner.username, 1);
    await vi.waitFor(async () => expect(await mailsTo(owner.email)).toHaveLength(1));
    const [mail] = await mailsTo(owner.email);
    expect(mail?.subject).toBe("Someone is trying to sign in to your Influence Market account");
    expect(mail?.text).toContain(`Hello ${owner.username},`);
    expect(mail?.text).toContain("Settings");
    // No link: nothing in a request can put its own address into the owner's mailbox.
    expect(mail?.text).not.toMatch(/https?:|www\./);

    await failFromElsewhere(owner.username, 8);
    const later = await logIn(owner.username, owner.password, owner.home);
    expect(later.statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(1);

    clock.advance(DAY_MS);
    await failFromElsewhere(owner.username, 10);
    await vi.waitFor(async () => expect(await mailsTo(owner.email)).toHaveLength(2));
  });

  it("still limits one address to 30 logins in 15 minutes, right or wrong, whatever the accounts", async () => {
    const owner = await newOwner();
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const response = await logIn(i % 2 ? owner.username : `ghost${i}`, i % 2 ? owner.password : "guess", ip);
      expect(response.statusCode).toBe(i % 2 ? 200 : 400);
    }
    expectRateLimited(await logIn(owner.username, owner.password, ip), 15 * 60);
    expect((await logIn(owner.username, owner.password, nextIp())).statusCode).toBe(200);
  });
});
