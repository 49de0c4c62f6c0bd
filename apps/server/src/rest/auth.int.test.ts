import { rowsOf, sql } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, meOf, nextIp, post, setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}${Date.now().toString(36).slice(-4)}`;

function brandInput(name = unique("brand")) {
  return { kind: "brand", username: name, email: `${name}@example.com`, password: "brand-pass-1", brandName: "Acme" };
}
function influencerInput(name = unique("infl")) {
  return { kind: "influencer", username: name, email: `${name}@example.com`, password: "influencer-pass" };
}

async function signUp(body: Record<string, unknown>) {
  const response = await post(server.app, "/api/signup", body);
  expect(response.statusCode).toBe(200);
  const cookie = setSessionCookie(response);
  if (!cookie?.value) throw new Error("no session cookie");
  return cookie.value;
}

describe("POST /api/signup", () => {
  it("creates a brand with its profile, contacts and all notification preferences on, signed in", async () => {
    const input = brandInput();
    const response = await post(server.app, "/api/signup", { ...input, brandName: "  Acme Corp  " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: { kind: "brand" } });
    const cookie = setSessionCookie(response);
    expect(cookie?.header).toMatch(/HttpOnly/);
    expect(cookie?.header).toMatch(/SameSite=Lax/);
    expect(await meOf(server.app, cookie?.value)).toMatchObject({ kind: "brand", user: { username: input.username } });

    const [user] = await rows<{ id: number; kind: string; is_admin: boolean; password_hash: string }>(
      sql`select id, kind, is_admin, password_hash from users where username = ${input.username}`,
    );
    expect(user).toMatchObject({ kind: "brand", is_admin: false });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await rows(sql`select brand_name from brand_profiles where user_id = ${user?.id}`)).toEqual([
      { brand_name: "Acme Corp" },
    ]);
    expect(await rows(sql`select user_id from contacts where user_id = ${user?.id}`)).toHaveLength(1);
    const prefs = await rows<{ key: string; enabled: boolean }>(
      sql`select key, enabled from notification_preferences where user_id = ${user?.id} order by key`,
    );
    expect(prefs).toEqual(["appUpdate", "feedback", "message", "news"].map((key) => ({ key, enabled: true })));
  });

  it("creates an influencer with its profile and the influencer's preferences", async () => {
    const input = influencerInput();
    const token = await signUp(input);
    expect(await meOf(server.app, token)).toMatchObject({ kind: "influencer", user: { username: input.username } });
    const [user] = await rows<{ id: number }>(sql`select id from users where username = ${input.username}`);
    expect(await rows(sql`select user_id from influencer_profiles where user_id = ${user?.id}`)).toHaveLength(1);
    const prefs = await rows<{ key: string }>(
      sql`select key from notification_preferences where user_id = ${user?.id} and enabled order by key`,
    );
    expect(prefs.map((p) => p.key)).toEqual(["appUpdate", "deals", "feedback", "invitations", "message", "news"]);
  });

  it.each([
    ["a username with a space", { username: "bad name" }, "username"],
    ["a username of 2 characters", { username: "ab" }, "username"],
    ["an invalid email", { email: "not-an-email" }, "email"],
    ["a brand without brand name", { brandName: "   " }, "brandName"],
    ["an unknown kind", { kind: "admin" }, "kind"],
  ])("refuses %s with 400 invalid and the field", async (_label, change, field) => {
    const response = await post(server.app, "/api/signup", { ...brandInput(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: "error", reason: "invalid" });
    expect(body.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
    expect(setSessionCookie(response)).toBeUndefined();
  });

  it("refuses a brand without brandName (missing field)", async () => {
    const { brandName: _omitted, ...input } = brandInput();
    const response = await post(server.app, "/api/signup", input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: "invalid" });
  });

  it("refuses a password under 8 characters with password_too_short and creates nothing", async () => {
    const input = { ...influencerInput(), password: "1234567" };
    const response = await post(server.app, "/api/signup", input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "password_too_short" });
    expect(await rows(sql`select id from users where username = ${input.username}`)).toEqual([]);
    // Exactly 8 is enough.
    expect((await post(server.app, "/api/signup", { ...input, password: "12345678" })).statusCode).toBe(200);
  });

  it("refuses a username taken in another letter case with 409 username_taken", async () => {
    const first = brandInput();
    await signUp(first);
    const response = await post(server.app, "/api/signup", {
      ...influencerInput(),
      username: first.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: "error",
      reason: "username_taken",
      issues: [{ path: ["username"], message: "This username is already taken." }],
    });
  });

  it("refuses an email taken in another letter case with 409 email_taken, leaving nothing half-written", async () => {
    const first = influencerInput();
    await signUp(first);
    const second = brandInput();
    const response = await post(server.app, "/api/signup", { ...second, email: first.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: "error",
      reason: "email_taken",
      issues: [{ path: ["email"], message: "An account already uses this email." }],
    });
    expect(await rows(sql`select id from users where username = ${second.username}`)).toEqual([]);
  });

  it("names both the username and the email when each is taken, by two different accounts", async () => {
    const holderOfName = brandInput();
    const holderOfEmail = influencerInput();
    await signUp(holderOfName);
    await signUp(holderOfEmail);
    const response = await post(server.app, "/api/signup", {
      ...brandInput(),
      username: holderOfName.username.toUpperCase(),
      email: holderOfEmail.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: "error",
      reason: "username_taken",
      issues: [
        { path: ["username"], message: "This username is already taken." },
        { path: ["email"], message: "An account already uses this email." },
      ],
    });
  });

  it("limits sign-ups to 10 per hour per address with 429 rate_limited", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(server.app, "/api/signup", influencerInput(), { ip })).statusCode).toBe(200);
    }
    const refused = await post(server.app, "/api/signup", influencerInput(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: "error", reason: "rate_limited" });
    expect((await post(server.app, "/api/signup", influencerInput())).statusCode).toBe(200);
  });

  it("ends the session the browser had before", async () => {
    const before = await signUp(influencerInput());
    const response = await post(server.app, "/api/signup", influencerInput(), { token: before });
    expect(response.statusCode).toBe(200);
    expect(await meOf(server.app, before)).toEqual({ kind: "visitor", user: null });
  });
});

describe("POST /api/login", () => {
  it("signs in with the username or the email in any letter case, and records the login time", async () => {
    const input = brandInput();
    await signUp(input);
    await server.db.execute(sql`update users set last_login_at = null where username = ${input.username}`);
    for (const login of [input.username, input.username.toUpperCase(), input.email.toUpperCase()]) {
      const response = await post(server.app, "/api/login", { login, password: input.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "success", data: { kind: "brand" } });
      expect(await meOf(server.app, setSessionCookie(response)?.value)).toMatchObject({ kind: "brand" });
    }
    const [user] = await rows<{ last_login_at: unknown }>(
      sql`select last_login_at from users where username = ${input.username}`,
    );
    expect(user?.last_login_at).not.toBeNull();
  });

  it("answers 400 bad_password alike for a wrong password and an unknown user, without a cookie", async () => {
    const input = influencerInput();
    await signUp(input);
    const wrong = await post(server.app, "/api/login", { login: input.username, password: "wrong-password" });
    const unknown = await post(server.app, "/api/login", { login: "nobody-here", password: "wrong-password" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: "error", reason: "bad_password" });
      expect(setSessionCookie(response)).toBeUndefined();
    }
  });

  it("takes comparable time for an unknown user (a dummy hash is verified)", async () => {
    const input = influencerInput();
    await signUp(input);
    const time = async (login: string) => {
      const started = performance.now();
      await post(server.app, "/api/login", { login, password: "wrong-password" });
      return performance.now() - started;
    };
    // A verification costs milliseconds; skipping it for unknown users would make them several times faster.
    const known = Math.min(await time(input.username), await time(input.username), await time(input.username));
    const unknown = Math.min(await time("ghost-user"), await time("ghost-user"), await time("ghost-user"));
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it("lets a seeded-style admin (a user flagged is_admin) log in", async () => {
    const input = brandInput();
    await signUp(input);
    await server.db.execute(sql`update users set is_admin = true where username = ${input.username}`);
    const response = await post(server.app, "/api/login", { login: input.email, password: input.password });
    expect(response.statusCode).toBe(200);
    expect(await meOf(server.app, setSessionCookie(response)?.value)).toMatchObject({
      kind: "brand",
      user: { isImpersonating: false },
    });
  });

  it("refuses an empty login with 400 invalid", async () => {
    const response = await post(server.app, "/api/login", { login: "", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
  });
});

describe("POST /api/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const token = await signUp(influencerInput());
    const response = await post(server.app, "/api/logout", undefined, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: null });
    const cookie = setSessionCookie(response);
    expect(cookie?.value).toBe("");
    expect(cookie?.header).toMatch(/Max-Age=0/);
    expect(await meOf(server.app, token)).toEqual({ kind: "visitor", user: null });
    const [id] = token.split(".");
    expect(await rows(sql`select id from sessions where id = ${id}`)).toEqual([]);
  });

  it("succeeds for a visitor too (an expired session still lets the page log out)", async () => {
    const response = await post(server.app, "/api/logout", undefined);
    expect(response.statusCode).toBe(200);
    expect(setSessionCookie(response)?.value).toBe("");
  });

  it("refuses a cross-site logout (CSRF)", async () => {
    const token = await signUp(influencerInput());
    const response = await server.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site", cookie: cookieFor(token) },
    });
    expect(response.statusCode).toBe(403);
    expect(await meOf(server.app, token)).toMatchObject({ kind: "influencer" });
  });
});

describe("POST /api/change-password", () => {
  it("answers 401 unauthorized to a visitor", async () => {
    const response = await post(server.app, "/api/change-password", {
      currentPassword: "x",
      newPassword: "long-enough",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "error", reason: "unauthorized" });
  });

  it("answers 400 bad_password for a wrong current password, and the session stays", async () => {
    const input = influencerInput();
    const token = await signUp(input);
    const response = await post(
      server.app,
      "/api/change-password",
      { currentPassword: "not-my-password", newPassword: "new-password-1" },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "bad_password" });
    expect(await meOf(server.app, token)).toMatchObject({ kind: "influencer" });
  });

  it("answers 400 password_too_short for a new password under 8 characters, and keeps the old one", async () => {
    const input = influencerInput();
    const token = await signUp(input);
    const response = await post(
      server.app,
      "/api/change-password",
      { currentPassword: input.password, newPassword: "short" },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "password_too_short" });
    expect((await post(server.app, "/api/login", { login: input.username, password: input.password })).statusCode).toBe(
      200,
    );
  });

  it("answers 400 invalid without the current password", async () => {
    const token = await signUp(influencerInput());
    const response = await post(
      server.app,
      "/api/change-password",
      { currentPassword: "", newPassword: "x".repeat(9) },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: "invalid" });
  });

  it("changes the password and ends every other session of the user, not the current one", async () => {
    const input = brandInput();
    const current = await signUp(input);
    const otherLogin = await post(server.app, "/api/login", { login: input.username, password: input.password });
    const other = setSessionCookie(otherLogin)?.value;
    const bystander = await signUp(brandInput());

    const response = await post(
      server.app,
      "/api/change-password",
      { currentPassword: input.password, newPassword: "a-brand-new-password" },
      { token: current },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: null });
    expect(await meOf(server.app, current)).toMatchObject({ kind: "brand" });
    expect(await meOf(server.app, other)).toEqual({ kind: "visitor", user: null });
    expect(await meOf(server.app, bystander)).toMatchObject({ kind: "brand" });

    expect((await post(server.app, "/api/login", { login: input.username, password: input.password })).statusCode).toBe(
      400,
    );
    const fresh = await post(server.app, "/api/login", { login: input.username, password: "a-brand-new-password" });
    expect(fresh.statusCode).toBe(200);
  });
});
