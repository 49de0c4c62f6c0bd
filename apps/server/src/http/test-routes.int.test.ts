import { systemClock, TEST_USER_PASSWORD } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { eq, rowsOf, sql, users } from "@market/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { cookieFor, meOf, post, setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const server = useTestApp({ testRoutes: true });
/** The same database served as any real server is: without E2E_TEST_ROUTES. */
let plain: FastifyInstance;
beforeAll(async () => {
  plain = await buildApp({ db: server.db, clock: systemClock, publicUrl: TEST_ORIGIN });
});
afterAll(async () => plain.close());

const createUser = (app: FastifyInstance, body: unknown, ip = "127.0.0.1") =>
  post(app, "/api/test/users", body, { ip });

/** Makes a test user; its data and session token. */
async function newUser(body: unknown) {
  const response = await createUser(server.app, body);
  expect(response.statusCode).toBe(200);
  const token = setSessionCookie(response)?.value ?? "";
  return { user: response.json().data, token };
}

const get = (url: string, token: string) =>
  server.app.inject({ method: "GET", url, headers: { cookie: cookieFor(token) } });

const userCount = async () => {
  const [row] = rowsOf<{ n: number }>(await server.db.execute(sql`select count(*)::int as n from users`));
  return row?.n;
};

describe("test routes", () => {
  it("do not exist without E2E_TEST_ROUTES", async () => {
    const before = await userCount();
    const outbox = await plain.inject({ method: "GET", url: "/api/test/outbox?to=someone@example.com" });
    const created = await createUser(plain, { kind: "admin" });
    const payout = await post(plain, "/api/test/payouts", { influencerId: 1, state: "failed" }, { ip: "127.0.0.1" });
    for (const response of [outbox, created, payout]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
    expect(setSessionCookie(created)).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it("do not exist for a request from another machine, even when enabled", async () => {
    const before = await userCount();
    const outbox = await server.app.inject({
      method: "GET",
      url: "/api/test/outbox?to=someone@example.com",
      remoteAddress: "10.1.2.3",
    });
    const created = await createUser(server.app, { kind: "admin" }, "10.1.2.3");
    for (const response of [outbox, created]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
    expect(await userCount()).toBe(before);
  });

  it("refuse a user made from another site's page", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/test/users",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      payload: JSON.stringify({ kind: "brand" }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: "error", reason: "csrf" });
  });
});

describe("POST /api/test/users", () => {
  it("makes a signed-in influencer with verified networks, unique per call, who can log in with the password", async () => {
    const { user, token } = await newUser({
      kind: "influencer",
      networks: [
        { type: "instagram", followers: 12_000 },
        { type: "youtube", followers: 30_000 },
      ],
    });
    expect(user).toMatchObject({ kind: "influencer", email: `${user.username}@e2e.example`, campaigns: [] });
    expect(await meOf(server.app, token)).toMatchObject({
      kind: "influencer",
      user: { username: user.username, hasSeenOnboarding: true },
    });
    // GET /api/networks answers the networks with whether the influencer may apply; their order is the list's own.
    const { networks } = (await get("/api/networks", token)).json().data;
    expect(networks).toHaveLength(2);
    expect(networks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: user.networks[0].id, type: "instagram", isVerified: true, isConflicting: false }),
        expect.objectContaining({ id: user.networks[1].id, type: "youtube", isVerified: true, isConflicting: false }),
      ]),
    );

    const other = await newUser({ kind: "influencer" });
    expect(other.user.username).not.toBe(user.username);
    expect(other.user.email).not.toBe(user.email);
    expect(other.user.networks).toEqual([]);

    const login = await post(server.app, "/api/login", { login: user.email, password: TEST_USER_PASSWORD });
    expect(login.json()).toMatchObject({ status: "success" });
  });

  it("makes a brand with a saved card and campaigns in each state and review, not yet onboarded when asked", async () => {
    const { user, token } = await newUser({
      kind: "brand",
      onboarded: false,
      savedCard: true,
      campaigns: [
        { title: "Open one", review: "OK" },
        { title: "Paused one", status: "paused" },
        { title: "Closed one", status: "closed", review: "KO" },
      ],
    });
    expect(await meOf(server.app, token)).toMatchObject({ kind: "brand", user: { hasSeenOnboarding: false } });
    const deals = (await get("/api/deals", token)).json().data as {
      id: number;
      status: string;
      reviewStatus: string;
    }[];
    const [open, paused, closed] = user.campaigns as { id: number; title: string }[];
    expect(deals.map(({ id, status, reviewStatus }) => ({ id, status, reviewStatus }))).toEqual(
      expect.arrayContaining([
        { id: open?.id, status: "open", reviewStatus: "OK" },
        { id: paused?.id, status: "paused", reviewStatus: "NONE" },
        { id: closed?.id, status: "closed", reviewStatus: "KO" },
      ]),
    );
    expect((await get("/api/account/card", token)).json().data).toMatchObject({ last4: "4242" });
  });

  it("makes an admin", async () => {
    const { user } = await newUser({ kind: "admin" });
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ kind: "brand", isAdmin: true });
  });

  it("refuses a body it does not know as invalid, naming the field", async () => {
    for (const [body, field] of [
      [{ kind: "visitor" }, "kind"],
      [{ kind: "brand", networks: [{ type: "instagram", followers: 5_000 }] }, "networks"],
      [{ kind: "influencer", savedCard: true }, "kind"],
      [{ kind: "brand", isAdmin: true }, ""],
    ] as const) {
      const response = await createUser(server.app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
      expect(response.json().issues[0].path.join(".")).toBe(field);
      expect(setSessionCookie(response)).toBeUndefined();
    }
  });
});

describe("POST /api/test/payouts", () => {
  it("refuses a body it does not know, and an id that is no influencer", async () => {
    const bad = await post(server.app, "/api/test/payouts", { influencerId: 1, state: "paid" }, { ip: "127.0.0.1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: "error", reason: "invalid", issues: [{ path: ["state"] }] });
    const { user } = await newUser({ kind: "brand" });
    const brand = await post(
      server.app,
      "/api/test/payouts",
      { influencerId: user.id, state: "stuck" },
      { ip: "127.0.0.1" },
    );
    expect(brand.statusCode).toBe(404);
    expect(brand.json()).toEqual({ status: "error", reason: "not_found" });
  });
});

describe("GET /api/test/outbox", () => {
  it("lists the last mails of an address, newest first", async () => {
    await server.db.execute(
      sql`insert into outgoing_mail ("to", subject, text, sent_at) values ('box@example.com', 'first', 'one', null),
          ('box@example.com', 'second', 'two', '2026-05-01T10:00:00Z'), ('other@example.com', 'x', 'y', null)`,
    );
    const response = await server.app.inject({ method: "GET", url: "/api/test/outbox?to=BOX@example.com" });
    expect(response.statusCode).toBe(200);
    const mails = response.json().data as { subject: string; sentAt: string | null }[];
    expect(mails.map((mail) => [mail.subject, mail.sentAt])).toEqual([
      ["second", "2026-05-01T10:00:00.000Z"],
      ["first", null],
    ]);
  });
});
