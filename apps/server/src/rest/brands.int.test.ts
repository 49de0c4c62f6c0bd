import { createSession, fixedClock } from "@market/api";
import { brandDeal, createBrand, createInfluencer, hireWithStory } from "@market/api/testing";
import { BRAND_FIGURE_MIN_COUNT, DAY_MS } from "@market/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-07-01T08:00:00Z"));
const server = useTestApp({ clock });
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

let brand: Awaited<ReturnType<typeof createBrand>>;
let openDeal: number;
let tokens: Record<"influencer" | "otherBrand", string>;

beforeAll(async () => {
  brand = await createBrand(server.db, { brandName: "Harbor Tea" });
  const dealId = await brandDeal(server.db, brand.id, ago(40), { deadline: ago(5) });
  for (const [index, hours] of [10, 20, 30, 40, 50].entries()) {
    await hireWithStory(server.db, { id: dealId, brandId: brand.id }, ago(30 - index), {
      hoursToRelease: hours,
      automatic: index === 0,
      contests: index === 1 ? 1 : 0,
    });
  }
  await hireWithStory(server.db, { id: dealId, brandId: brand.id }, ago(2), { refunded: true, unreleased: true });
  openDeal = await brandDeal(server.db, brand.id, ago(1), { title: "Tea for summer" });
  const session = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;
  tokens = {
    influencer: await session((await createInfluencer(server.db)).id),
    otherBrand: await session((await createBrand(server.db)).id),
  };
});

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

describe("GET /api/brands/{id}", () => {
  it("answers the brand's public profile and figures to an influencer", async () => {
    const response = await get(`/api/brands/${brand.id}`, tokens.influencer);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: brand.id,
      company: "Harbor Tea",
      hires: 6,
      minimumCount: BRAND_FIGURE_MIN_COUNT,
      openCampaigns: [{ id: openDeal, title: "Tea for summer" }],
      // No influencer has reviewed it: the first page of its reviews is empty.
      reviews: { reviews: [], nextCursor: null },
    });
    expect(
      data.figures.map((figure: { key: string; value: number | null; count: number }) => [
        figure.key,
        figure.value,
        figure.count,
      ]),
    ).toEqual([
      ["medianReleaseHours", 30, 5],
      ["automaticReleaseShare", 1 / 5, 5],
      ["contestedShare", 1 / 6, 6],
      ["refundedShare", 1 / 6, 6],
    ]);
    expect(response.body).not.toContain(brand.email);
  });

  it("answers another brand too", async () => {
    expect((await get(`/api/brands/${brand.id}`, tokens.otherBrand)).statusCode).toBe(200);
  });

  it("refuses a visitor, and answers not_found for an influencer's id and invalid for a bad id", async () => {
    const visitor = await get(`/api/brands/${brand.id}`);
    expect(visitor.statusCode).toBe(401);
    const influencer = await createInfluencer(server.db);
    const notBrand = await get(`/api/brands/${influencer.id}`, tokens.influencer);
    expect(notBrand.statusCode).toBe(404);
    expect(notBrand.json()).toMatchObject({ reason: "not_found" });
    const bad = await get("/api/brands/abc", tokens.influencer);
    expect(bad.statusCode).toBe(400);
  });
});
