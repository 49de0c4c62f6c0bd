import { fixedClock, type Mailer } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { HOUR_MS } from "@market/contracts";
import { eq, passwordResetTokens, rowsOf, sql, users } from "@market/db";
import { sha256 } from "@oslojs/crypto/sha2";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { meOf, nextIp, post, setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-03-02T09:00:00Z"));

const server = useTestApp({ clock });

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

let sequence = 0;
async function newAccount() {
  sequence += 1;
  const username = `resetuser${sequence}`;
  const input = { kind: "influencer", username, email: `${username}@example.com`, password: "old-password" };
  const response = await post(server.app, "/api/signup", input);
  expect(response.statusCode).toBe(200);
  return { ...input, token: setSessionCookie(response)?.value ?? "" };
}

async function mailsTo(email: string) {
  return rows<{ subject: string; text: string; sent_at: unknown; next_attempt_at: unknown }>(
    sql`select subject, text, sent_at, next_attempt_at from outgoing_mail where "to" = ${email} order by id`,
  );
}

/** Asks for a reset link and reads it from the mail. */
async function resetLink(email: string, options: { ip?: string } = {}) {
  const response = await post(server.app, "/api/reset-password", { email }, options);
  expect(response.statusCode).toBe(200);
  const text = (await mailsTo(email.toLowerCase())).at(-1)?.text ?? "";
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  if (!link) throw new Error(`no reset link in ${text}`);
  return { link, token: new URL(link).searchParams.get("token") ?? "" };
}

const confirm = (token: string, newPassword: string) =>
  post(server.app, "/api/reset-password/confirm", { token, newPassword });

describe("POST /api/reset-password", () => {
  it("mails a link to the account's address and stores only the token's SHA-256, valid one hour", async () => {
    const account = await newAccount();
    const response = await post(server.app, "/api/reset-password", { email: account.email.toUpperCase() });
    expect(response.json()).toEqual({ status: "success", data: null });
    const [mail] = await mailsTo(account.email);
    expect(mail?.subject).toBe("Reset your Influence Market password");
    // Queued with the link, due at once: the mail job (jobs/mail-job.ts) sends it.
    expect(mail?.sent_at).toBeNull();
    expect(mail?.next_attempt_at).not.toBeNull();
    const link = mail?.text.match(/\S+\/reset-password\?token=\S+/)?.[0] ?? "";
    expect(link).toMatch(/^http:\/\/market\.test\/reset-password\?token=[a-z0-9]{40,}$/);
    const token = new URL(link).searchParams.get("token") ?? "";

    const [stored] = await rows<{ token_hash: Uint8Array; expires_at: string | Date }>(
      sql`select t.token_hash, t.expires_at from password_reset_tokens t join users u on u.id = t.user_id
          where u.username = ${account.username}`,
    );
    expect(Buffer.from(stored?.token_hash ?? []).equals(Buffer.from(sha256(new TextEncoder().encode(token))))).toBe(
      true,
    );
    expect(new Date(stored?.expires_at ?? 0).getTime()).toBe(clock.now().getTime() + HOUR_MS);
  });

  it("answers the same for an unknown address, and mails nothing", async () => {
    const known = await post(server.app, "/api/reset-password", { email: (await newAccount()).email });
    const unknown = await post(server.app, "/api/reset-password", { email: "nobody@example.com" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo("nobody@example.com")).toEqual([]);
  });

  it("refuses a malformed address with 400 invalid", async () => {
    const response = await post(server.app, "/api/reset-password", { email: "nope" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
  });

  it("limits requests to 5 per hour per address with 429 rate_limited, then allows them again", async () => {
    const account = await newAccount();
    for (let i = 0; i < 5; i++) {
      expect((await post(server.app, "/api/reset-password", { email: account.email })).statusCode).toBe(200);
    }
    const refused = await post(server.app, "/api/reset-password", { email: account.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: "error", reason: "rate_limited" });
    expect(await mailsTo(account.email)).toHaveLength(5);
    clock.advance(HOUR_MS);
    expect((await post(server.app, "/api/reset-password", { email: account.email })).statusCode).toBe(200);
  });

  it("limits requests to 20 per hour per client address", async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect(
        (await post(server.app, "/api/reset-password", { email: `someone${i}@example.com` }, { ip })).statusCode,
      ).toBe(200);
    }
    expect((await post(server.app, "/api/reset-password", { email: "another@example.com" }, { ip })).statusCode).toBe(
      429,
    );
  });

  it("builds the link on the public origin, never on the Host or forwarded host the request names", async () => {
    for (const headers of [
      { host: "evil.example" },
      // Even from a trusted (loopback) proxy: the forwarded host is the request's word, not the site's.
      { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", "x-forwarded-for": nextIp() },
    ]) {
      const account = await newAccount();
      const response = await server.app.inject({
        method: "POST",
        url: "/api/reset-password",
        remoteAddress: "127.0.0.1",
        headers: { "content-type": "application/json", ...headers },
        payload: JSON.stringify({ email: account.email }),
      });
      expect(response.statusCode).toBe(200);
      const text = (await mailsTo(account.email))[0]?.text ?? "";
      expect(text).toContain(`${TEST_ORIGIN}/reset-password?token=`);
      expect(text).not.toContain("evil.example");
    }
  });

  it("uses PUBLIC_URL when the app is given one", async () => {
    const publicApp = await buildApp({ db: server.db, clock, publicUrl: "https://influence.example" });
    try {
      const account = await newAccount();
      const response = await publicApp.inject({
        method: "POST",
        url: "/api/reset-password",
        remoteAddress: nextIp(),
        headers: { "content-type": "application/json", host: "evil.example" },
        payload: JSON.stringify({ email: account.email }),
      });
      expect(response.statusCode).toBe(200);
      expect((await mailsTo(account.email))[0]?.text).toContain("https://influence.example/reset-password?token=");
    } finally {
      await publicApp.close();
    }
  });

  it("answers 500 generic and keeps no link when the mail cannot be queued (the page says it could not be sent)", async () => {
    const failing: Mailer = { queue: () => Promise.reject(new Error("the outbox is away")) };
    const brokenApp = await buildApp({ db: server.db, clock, publicUrl: TEST_ORIGIN, mailer: failing });
    try {
      const account = await newAccount();
      const response = await brokenApp.inject({
        method: "POST",
        url: "/api/reset-password",
        remoteAddress: nextIp(),
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email: account.email }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: "error", reason: "generic" });
      // The link and its mail are one transaction: no link exists that no mail carries.
      const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      expect(
        await server.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, user?.id ?? 0)),
      ).toEqual([]);
    } finally {
      await brokenApp.close();
    }
  });
});

describe("POST /api/reset-password/confirm", () => {
  it("sets the new password, spends the token and ends every session of the user", async () => {
    const account = await newAccount();
    const second = setSessionCookie(
      await post(server.app, "/api/login", { login: account.username, password: "old-password" }),
    );
    const { token } = await resetLink(account.email);

    const response = await confirm(token, "brand-new-password");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: null });
    expect(await meOf(server.app, account.token)).toEqual({ kind: "visitor", user: null });
    expect(await meOf(server.app, second?.value)).toEqual({ kind: "visitor", user: null });

    expect(
      (await post(server.app, "/api/login", { login: account.username, password: "old-password" })).statusCode,
    ).toBe(400);
    expect(
      (await post(server.app, "/api/login", { login: account.username, password: "brand-new-password" })).statusCode,
    ).toBe(200);

    const reused = await confirm(token, "another-password");
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ status: "error", reason: "expired" });
  });

  it("answers expired for an unknown token", async () => {
    const response = await confirm("a".repeat(52), "brand-new-password");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: "error", reason: "expired" });
  });

  it("works until one hour has passed, not after", async () => {
    const account = await newAccount();
    const early = await resetLink(account.email);
    clock.advance(HOUR_MS - 1);
    expect((await confirm(early.token, "in-time-password")).statusCode).toBe(200);

    const late = await resetLink(account.email);
    clock.advance(HOUR_MS);
    const response = await confirm(late.token, "too-late-password");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: "error", reason: "expired" });
    expect(
      (await post(server.app, "/api/login", { login: account.username, password: "in-time-password" })).statusCode,
    ).toBe(200);
  });

  it("refuses a short password with password_too_short without spending the token", async () => {
    const account = await newAccount();
    const { token } = await resetLink(account.email);
    const response = await confirm(token, "1234567");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "password_too_short" });
    expect((await confirm(token, "12345678")).statusCode).toBe(200);
  });

  it("spends the user's other pending links when one is used", async () => {
    const account = await newAccount();
    const first = await resetLink(account.email);
    const second = await resetLink(account.email);
    expect((await confirm(second.token, "second-password")).statusCode).toBe(200);
    expect((await confirm(first.token, "first-password")).json()).toEqual({ status: "error", reason: "expired" });
  });
});
