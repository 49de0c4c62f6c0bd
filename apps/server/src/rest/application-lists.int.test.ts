import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { campaignBody, createBrand, createInfluencer } from "@market/api/testing";
import { DAY_MS } from "@market/contracts";
import { applicationPrices, applications, refreshApplicationTotals } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

/** A brand's campaign with 22 applicants (reach 1,000 to 22,000), and the first applicant's session. */
async function setup() {
  const brand = await createBrand(server.db, { brandName: "Rest Lists" });
  const brandToken = await sessionOf(brand.id);
  const created = await post(server.app, "/api/campaigns", campaignBody(clock, { title: "Listed deal" }), {
    token: brandToken,
  });
  const dealId = created.json().data.id as number;
  let firstInfluencer = 0;
  for (let n = 1; n <= 22; n += 1) {
    const influencer = await createInfluencer(server.db, { city: n === 1 ? "Oslo" : "Rome", country: "it" });
    firstInfluencer ||= influencer.id;
    const [row] = await server.db
      .insert(applications)
      .values({
        dealId,
        influencerId: influencer.id,
        brandId: brand.id,
        status: n % 2 === 0 ? "WAITING" : "PROGRESS",
        text: "Hi",
        expiration: new Date(clock.now().getTime() + 10 * DAY_MS),
      })
      .returning({ id: applications.id });
    await server.db.insert(applicationPrices).values({
      applicationId: row?.id as number,
      networkType: "instagram",
      priceCents: 5_000,
      creationDays: 2,
      reach: n * 1_000,
    });
    await refreshApplicationTotals(server.db, [row?.id as number]);
  }
  return { brandToken, dealId, influencerToken: await sessionOf(firstInfluencer) };
}

describe("applications lists over REST", () => {
  it("GET /api/applications answers {deal: null, applications, nextCursor} and pages with the cursor", async () => {
    const { brandToken, influencerToken } = await setup();
    const first = await get("/api/applications?sort=reach_p&status=all", brandToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toContain("no-store");
    const body = first.json();
    expect(body.status).toBe("success");
    expect(body.data.deal).toBeNull();
    expect(body.data.applications).toHaveLength(20);
    expect(body.data.applications.map((card: { totalReach: number }) => card.totalReach).slice(0, 2)).toEqual([
      22_000, 21_000,
    ]);
    const next = await get(
      `/api/applications?sort=reach_p&cursor=${encodeURIComponent(body.data.nextCursor)}`,
      brandToken,
    );
    expect(next.json().data).toMatchObject({ nextCursor: null });
    expect(next.json().data.applications.map((card: { totalReach: number }) => card.totalReach)).toEqual([
      2_000, 1_000,
    ]);

    const own = await get("/api/applications?query=oslo", influencerToken);
    expect(own.json().data.applications).toHaveLength(0);
    const mine = await get("/api/applications?query=listed", influencerToken);
    expect(mine.json().data.applications.map((card: { deal: { title: string } }) => card.deal.title)).toEqual([
      "Listed deal",
    ]);
  });

  it("GET /api/campaigns/{id}/applications answers the campaign and its applicants, filtered and searched", async () => {
    const { brandToken, dealId } = await setup();
    const answer = await get(`/api/campaigns/${dealId}/applications?status=open&query=OSLO&sort=price_m`, brandToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.deal).toMatchObject({ id: dealId, title: "Listed deal", applicants: 22 });
    expect(
      answer.json().data.applications.map((card: { influencer: { city: string } }) => card.influencer.city),
    ).toEqual(["Oslo"]);
    const waiting = await get(`/api/campaigns/${dealId}/applications?status=waiting`, brandToken);
    expect(waiting.json().data.applications).toHaveLength(11);
  });

  it("answers not_found for another brand's campaign, forbidden to an influencer, unauthorized to a visitor", async () => {
    const { dealId, influencerToken } = await setup();
    const stranger = await sessionOf((await createBrand(server.db)).id);
    expect((await get(`/api/campaigns/${dealId}/applications`, stranger)).json()).toEqual({
      status: "error",
      reason: "not_found",
    });
    const influencer = await get(`/api/campaigns/${dealId}/applications`, influencerToken);
    expect([influencer.statusCode, influencer.json().reason]).toEqual([403, "forbidden"]);
    const visitor = await get("/api/applications");
    expect([visitor.statusCode, visitor.json().reason]).toEqual([401, "unauthorized"]);
  });

  it("refuses bad query strings with 400 invalid", async () => {
    const { brandToken, dealId, influencerToken } = await setup();
    for (const url of [
      "/api/applications?status=expired",
      "/api/applications?sort=notif",
      "/api/applications?status=open&status=closed",
      "/api/applications?cursor=nonsense",
      `/api/applications?query=${"x".repeat(201)}`,
      `/api/campaigns/${dealId}/applications?sort=followers_p`,
      "/api/campaigns/01/applications",
      "/api/campaigns/abc/applications",
    ]) {
      const answer = await get(url, brandToken);
      expect([answer.statusCode, answer.json().status, answer.json().reason], url).toEqual([400, "error", "invalid"]);
    }
    const influencerSort = await get("/api/applications?sort=price_p", influencerToken);
    expect([influencerSort.statusCode, influencerSort.json().reason]).toEqual([400, "invalid"]);
  });
});
