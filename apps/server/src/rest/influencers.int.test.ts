import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { createAdminUser, createBrand, createInfluencer, TEST_ORIGIN } from "@market/api/testing";
import { DAY_MS } from "@market/contracts";
import { adminAuditLog, and, deals, eq, influencerFlags, influencerProfiles, isNull } from "@market/db";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const server = useTestApp({ clock, files: memoryFileStore() });

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;
const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

async function openCampaign(brandId: number, reviewStatus: "NONE" | "OK" | "KO" = "OK") {
  const [deal] = await server.db
    .insert(deals)
    .values({
      userId: brandId,
      title: "Rest invite",
      link: "https://brand.example",
      category: "sports",
      price: "p100_250",
      description: "d",
      networks: ["instagram"],
      deadline: new Date(clock.now().getTime() + 5 * DAY_MS),
      reviewStatus,
    })
    .returning({ id: deals.id });
  return deal?.id as number;
}

describe("influencer discovery over REST", () => {
  it("searches with the count cap fields and opaque ids, then opens the profile through the search id", async () => {
    const influencer = await createInfluencer(server.db, { username: "restfinder" });
    const search = await post(server.app, "/api/influencers/search", { query: "restfinder" });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ status: "success", data: { count: 1, countIsCapped: false } });
    const card = search.json().data.influencers[0];
    expect(card.username).toBe("restfinder");
    expect(card.id.length).toBeGreaterThan(10);

    const viaSearch = await get(`/api/influencers/${encodeURIComponent(card.id)}`);
    expect(viaSearch.statusCode).toBe(200);
    expect(viaSearch.json()).toMatchObject({
      status: "success",
      data: { id: influencer.id, username: "restfinder", viaSearch: true, isOwn: false },
    });
    const plain = await get(`/api/influencers/${influencer.id}`);
    expect(plain.json()).toMatchObject({ status: "success", data: { id: influencer.id, viaSearch: false } });
    expect(plain.json().data.email).toBeUndefined();
  });

  it("answers not_found for a tampered search id and invalid for garbage", async () => {
    const influencer = await createInfluencer(server.db);
    const search = await post(server.app, "/api/influencers/search", { query: influencer.username });
    const id: string = search.json().data.influencers[0].id;
    const tampered = `${id.slice(0, -2)}${id.endsWith("xx") ? "yy" : "xx"}`;
    const response = await get(`/api/influencers/${encodeURIComponent(tampered)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    const garbage = await get("/api/influencers/nope");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ status: "error", reason: "invalid" });
  });

  it("signs search ids with the server's secret: another secret's ids are not_found", async () => {
    const influencer = await createInfluencer(server.db);
    const secretApp = await buildApp({
      db: server.db,
      clock,
      publicUrl: TEST_ORIGIN,
      searchIdSecret: "a-production-secret-of-32-characters",
    });
    try {
      const idFrom = async (app: FastifyInstance) =>
        (await post(app, "/api/influencers/search", { query: influencer.username })).json().data.influencers[0].id;
      const devId: string = await idFrom(server.app);
      const ownId: string = await idFrom(secretApp);
      expect(ownId).not.toBe(devId);
      const profile = (id: string) => secretApp.inject({ method: "GET", url: `/api/influencers/${id}` });
      expect((await profile(ownId)).json()).toMatchObject({ status: "success", data: { viaSearch: true } });
      expect((await profile(devId)).json()).toEqual({ status: "error", reason: "not_found" });
    } finally {
      await secretApp.close();
    }
  });

  it("invites as a brand, refuses visitors, influencers and unapproved campaigns", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const influencer = await createInfluencer(server.db);
    const approved = await openCampaign(brand.id);
    const ok = await post(
      server.app,
      "/api/influencers/invite",
      { id: influencer.id, campaigns: [approved] },
      { token },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "success", data: { invited: [approved] } });

    const visitor = await post(server.app, "/api/influencers/invite", { id: influencer.id, campaigns: [approved] });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ status: "error", reason: "unauthorized" });
    const asInfluencer = await post(
      server.app,
      "/api/influencers/invite",
      { id: influencer.id, campaigns: [approved] },
      { token: await sessionOf(influencer.id) },
    );
    expect(asInfluencer.statusCode).toBe(403);
    expect(asInfluencer.json()).toEqual({ status: "error", reason: "forbidden" });

    const pending = await openCampaign(brand.id, "NONE");
    const notApproved = await post(
      server.app,
      "/api/influencers/invite",
      { id: influencer.id, campaigns: [pending] },
      { token },
    );
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toEqual({ status: "error", reason: "not_approved" });
    const none = await post(
      server.app,
      "/api/influencers/invite",
      { id: influencer.id, campaigns: [987_654] },
      { token },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ status: "error", reason: "no_campaigns" });
  });

  it("flags an influencer KO then OK as an impersonating admin, and refuses others", async () => {
    const admin = await createAdminUser(server.db);
    const brand = await createBrand(server.db);
    const influencer = await createInfluencer(server.db);
    const token = await sessionOf(brand.id, admin.id);
    const ko = await post(server.app, `/admin/api/influencers/${influencer.id}/ko`, {}, { token });
    expect(ko.statusCode).toBe(200);
    expect(ko.json()).toEqual({ status: "success", data: { id: influencer.id, status: "FAKE" } });
    const [row] = await server.db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, influencer.id));
    expect(row?.maybeFake).toBe(true);
    const profile = await get(`/api/influencers/${influencer.id}`, token);
    expect(profile.json().data).toMatchObject({ maybeFake: true, email: `${influencer.username}@test.example` });
    const okay = await post(server.app, `/admin/api/influencers/${influencer.id}/ok`, {}, { token });
    expect(okay.json()).toEqual({ status: "success", data: { id: influencer.id, status: "GOOD" } });
    const audit = await server.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(influencer.id)));
    expect(audit.filter((entry) => entry.action === "influencer_flag")).toHaveLength(2);

    // KO's optional body (issue 36): the reason and note the influencer is told; a reason off the list is invalid.
    const badReason = await post(
      server.app,
      `/admin/api/influencers/${influencer.id}/ko`,
      { reason: "looks_odd" },
      { token },
    );
    expect(badReason.statusCode).toBe(400);
    const withReason = await post(
      server.app,
      `/admin/api/influencers/${influencer.id}/ko`,
      { reason: "misleading_stats", note: "Insights do not match.", decision: "OK" },
      { token },
    );
    expect(withReason.json()).toEqual({ status: "success", data: { id: influencer.id, status: "FAKE" } });
    const [flagged] = await server.db
      .select()
      .from(influencerFlags)
      .where(and(eq(influencerFlags.influencerId, influencer.id), isNull(influencerFlags.liftedAt)));
    expect(flagged).toMatchObject({ reason: "misleading_stats", note: "Insights do not match.", flaggedBy: admin.id });

    const plainBrand = await post(
      server.app,
      `/admin/api/influencers/${influencer.id}/ko`,
      {},
      { token: await sessionOf(brand.id) },
    );
    expect(plainBrand.statusCode).toBe(403);
    expect(plainBrand.json()).toEqual({ status: "error", reason: "forbidden" });
  });
});
