import { createSession, systemClock } from "@market/api";
import { createAdminUser, createBrand, createInfluencer, TEST_ORIGIN } from "@market/api/testing";
import { eq, rowsOf, sql, users } from "@market/db";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { cookieFor, meOf, post, setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();
let adminId: number;
let influencerId: number;
let brandId: number;

beforeAll(async () => {
  const admin = await createBrand(server.db, { username: "theadmin" });
  await server.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  adminId = admin.id;
  influencerId = (await createInfluencer(server.db, { username: "targetinfluencer" })).id;
  brandId = (await createBrand(server.db, { username: "targetbrand" })).id;
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const adminSession = async () => (await createSession(server.db, systemClock, adminId)).token;

const openAdminLogin = (query: string, token?: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "GET",
    url: `/admin/login${query}`,
    headers: { ...(token ? { cookie: cookieFor(token) } : {}), ...headers },
  });

function expectNotFound(response: Awaited<ReturnType<typeof openAdminLogin>>) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ status: "error", reason: "not_found" });
  expect(setSessionCookie(response)).toBeUndefined();
}

describe("GET /admin/login", () => {
  it.each([
    ["i", "influencer", () => influencerId, "targetinfluencer"],
    ["b", "brand", () => brandId, "targetbrand"],
  ] as const)(
    "u=%s lets an admin act as the %s: new session, cookie, audit row, redirect to /",
    async (u, kind, id, username) => {
      const token = await adminSession();
      const response = await openAdminLogin(`?u=${u}&id=${id()}`, token, { "sec-fetch-site": "same-origin" });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/");
      const cookie = setSessionCookie(response);
      expect(cookie?.value).toBeTruthy();
      expect(await meOf(server.app, cookie?.value)).toMatchObject({ kind, user: { username, isImpersonating: true } });

      const [sessionId] = (cookie?.value ?? "").split(".");
      expect(await rows(sql`select user_id, impersonator_id from sessions where id = ${sessionId}`)).toEqual([
        { user_id: id(), impersonator_id: adminId },
      ]);
      // The admin's own session was replaced.
      expect(await meOf(server.app, token)).toEqual({ kind: "visitor", user: null });
      const [audit] = await rows<Record<string, unknown>>(
        sql`select admin_id, impersonated_user_id, action, target_type, target_id, details from admin_audit_log
          where impersonated_user_id = ${id()} and action = 'impersonate' order by id desc limit 1`,
      );
      expect(audit).toEqual({
        admin_id: adminId,
        impersonated_user_id: id(),
        action: "impersonate",
        target_type: "user",
        target_id: String(id()),
        details: { kind },
      });
    },
  );

  it.each([
    ["b", () => brandId, "/campaigns/12", "/campaigns/12"],
    ["b", () => brandId, "/applications/7?tab=chat", "/applications/7?tab=chat"],
    ["i", () => influencerId, "/proposals/7", "/proposals/7"],
  ] as const)("u=%s with next lands on the page it names (%s)", async (u, id, next, location) => {
    const token = await adminSession();
    const response = await openAdminLogin(`?u=${u}&id=${id()}&next=${encodeURIComponent(next)}`, token);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(setSessionCookie(response)?.value).toBeTruthy();
  });

  it.each([
    ["another site", "https://evil.example/campaigns"],
    ["a scheme-relative URL", "//evil.example/campaigns"],
    ["a backslash", "/\\evil.example"],
    ["the console", "/admin/users/1"],
    ["a way up into the console", "/campaigns/../admin"],
    ["the other kind's page", "/earnings"],
  ])("does not follow a next to %s: the admin lands on the user's home", async (_label, next) => {
    const token = await adminSession();
    const response = await openAdminLogin(`?u=b&id=${brandId}&next=${encodeURIComponent(next)}`, token);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/");
  });

  it("answers a visitor with the plain not_found", async () => {
    expectNotFound(await openAdminLogin(`?u=i&id=${influencerId}`));
  });

  it("answers a signed-in non-admin with not_found", async () => {
    const { token } = await createSession(server.db, systemClock, brandId);
    expectNotFound(await openAdminLogin(`?u=i&id=${influencerId}`, token));
    expect(await meOf(server.app, token)).toMatchObject({ kind: "brand" });
  });

  it("answers an admin who is already impersonating with not_found", async () => {
    const { token } = await createSession(server.db, systemClock, brandId, adminId);
    expectNotFound(await openAdminLogin(`?u=i&id=${influencerId}`, token));
  });

  it.each([
    ["an unknown id", () => "?u=i&id=999999"],
    ["the wrong kind for u", () => `?u=b&id=${influencerId}`],
    ["another admin (or oneself)", () => `?u=b&id=${adminId}`],
    ["a bad u", () => `?u=x&id=${influencerId}`],
    ["a non-numeric id", () => "?u=i&id=abc"],
    ["no query", () => ""],
  ])("answers an admin with not_found for %s, and keeps the admin signed in", async (_label, query) => {
    const token = await adminSession();
    expectNotFound(await openAdminLogin(query(), token));
    expect(await meOf(server.app, token)).toMatchObject({ kind: "brand", user: { username: "theadmin" } });
  });

  it("refuses a link followed from another site", async () => {
    const token = await adminSession();
    expectNotFound(await openAdminLogin(`?u=i&id=${influencerId}`, token, { "sec-fetch-site": "cross-site" }));
    expect(await meOf(server.app, token)).toMatchObject({ user: { username: "theadmin" } });
  });
});

describe("GET /admin/login in a browser", () => {
  const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", "sec-fetch-site": "none" };
  const openPage = (query: string, token?: string, headers: Record<string, string> = {}) =>
    openAdminLogin(query, token, { ...BROWSER, ...headers });

  function expectPage(response: Awaited<ReturnType<typeof openAdminLogin>>, title: string) {
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.body).toContain(`<a href="/">Go to the home page</a>`);
    expect(setSessionCookie(response)).toBeUndefined();
    return response.body;
  }

  it("tells an admin that no user of that kind has the id, with the way back to the page they came from", async () => {
    const token = await adminSession();
    const body = expectPage(
      await openPage("?u=i&id=999999", token, { referer: "http://localhost:80/influencers/5" }),
      "User not found",
    );
    expect(body).toContain("No influencer has the id 999999, so there is no one to act as.");
    expect(body).toContain(`<a href="/influencers/5">Back to the previous page</a>`);
    expect(expectPage(await openPage(`?u=i&id=${brandId}`, token), "User not found")).toContain(
      `No influencer has the id ${brandId}`,
    );
    expect(expectPage(await openPage(`?u=b&id=${adminId}`, token), "User not found")).toContain(
      "or belong to an admin, whom no one can act as.",
    );
    expect(await meOf(server.app, token)).toMatchObject({ user: { username: "theadmin" } });
  });

  it.each([["?u=x&id=1"], ["?u=i&id=abc"], [""]])("tells an admin that %j is not a valid link", async (query) => {
    const body = expectPage(await openPage(query, await adminSession()), "This link is not valid");
    expect(body).toContain("/admin/login?u=i&amp;id=123 for an influencer, or u=b for a brand");
  });

  it("tells an admin acting as a user to go back to their own account first", async () => {
    const { token } = await createSession(server.db, systemClock, brandId, adminId);
    const body = expectPage(await openPage(`?u=i&id=${influencerId}`, token), "You are already acting as a user");
    expect(body).toContain("You are using the account of targetbrand.");
    expect(await meOf(server.app, token)).toMatchObject({ kind: "brand", user: { isImpersonating: true } });
  });

  it("shows anyone else the page of an address that does not exist, whatever the query", async () => {
    const { token } = await createSession(server.db, systemClock, brandId);
    for (const response of [
      await openPage(`?u=i&id=${influencerId}`),
      await openPage("?u=x", undefined),
      await openPage(`?u=i&id=${influencerId}`, token),
      await openPage("?u=i&id=999999", token),
      await openPage(`?u=i&id=${influencerId}`, await adminSession(), { "sec-fetch-site": "cross-site" }),
    ]) {
      const body = expectPage(response, "Page not found");
      expect(body).toContain("There is nothing at this address.");
      expect(body).not.toMatch(/act as|admin/i);
    }
  });

  it("answers a failure of the server as a page too, with status 500", async () => {
    const broken = await buildApp({
      db: server.db,
      publicUrl: TEST_ORIGIN,
      clock: {
        now: () => {
          throw new Error("clock broke");
        },
      },
    });
    try {
      const response = await broken.inject({
        method: "GET",
        url: `/admin/login?u=i&id=${influencerId}`,
        headers: { ...BROWSER, cookie: cookieFor(await adminSession()) },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain("<h1>Something went wrong</h1>");
    } finally {
      await broken.close();
    }
  });
});

describe("POST /admin/api/stop-impersonating", () => {
  it("ends the impersonation and gives the admin a fresh session of their own, audited", async () => {
    const response = await openAdminLogin(`?u=i&id=${influencerId}`, await adminSession());
    const impersonation = setSessionCookie(response)?.value ?? "";

    const back = await post(server.app, "/admin/api/stop-impersonating", undefined, { token: impersonation });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: "success", data: null });
    const own = setSessionCookie(back)?.value;
    expect(await meOf(server.app, own)).toMatchObject({
      kind: "brand",
      user: { username: "theadmin", isImpersonating: false },
    });
    expect(await meOf(server.app, impersonation)).toEqual({ kind: "visitor", user: null });
    const [audit] = await rows(
      sql`select action, impersonated_user_id from admin_audit_log where admin_id = ${adminId} order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: "stop_impersonating", impersonated_user_id: influencerId });
  });

  it("is forbidden to a user's own session and to visitors", async () => {
    const { token } = await createSession(server.db, systemClock, influencerId);
    const own = await post(server.app, "/admin/api/stop-impersonating", undefined, { token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ status: "error", reason: "forbidden" });
    expect(await meOf(server.app, token)).toMatchObject({ kind: "influencer" });
    const visitor = await post(server.app, "/admin/api/stop-impersonating", undefined);
    expect(visitor.statusCode).toBe(401);
  });

  it("ends an impersonation at the next request once its admin is no longer one", async () => {
    const admin = await createAdminUser(server.db);
    const { token } = await createSession(server.db, systemClock, influencerId, admin.id);
    expect(await meOf(server.app, token)).toMatchObject({ kind: "influencer" });
    await server.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await meOf(server.app, token)).toEqual({ kind: "visitor", user: null });
    // The session is gone, so the way back to an admin session is closed too.
    const response = await post(server.app, "/admin/api/stop-impersonating", undefined, { token });
    expect(response.statusCode).toBe(401);
    expect(await rows(sql`select 1 from sessions where impersonator_id = ${admin.id}`)).toEqual([]);
  });
});
