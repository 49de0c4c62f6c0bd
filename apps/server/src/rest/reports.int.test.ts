import { createSession, fixedClock } from "@market/api";
import { readCsv, reportHistory } from "@market/api/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-07-01T08:00:00Z"));
const server = useTestApp({ clock });

let tokens: { brand: string; stranger: string; influencer: string };
let campaignId: number;

beforeAll(async () => {
  const history = await reportHistory(server.db, clock, [
    {
      campaign: "@SUM(A1:A9) launch",
      influencer: "rest_alice",
      prices: [{ network: "instagram", dollars: 100 }],
      feeBrandPercent: 10,
      paidAt: new Date("2026-06-20T10:00:00Z"),
      posts: [{ network: "instagram", readings: [{ day: 0, views: 4_000, likes: 300, comments: 100 }] }],
    },
  ]);
  const other = await reportHistory(server.db, clock, []);
  campaignId = history.campaigns.get("@SUM(A1:A9) launch") as number;
  tokens = {
    brand: (await createSession(server.db, clock, history.brand.id, null)).token,
    stranger: (await createSession(server.db, clock, other.brand.id, null)).token,
    influencer: (await createSession(server.db, clock, history.influencers.get("rest_alice") as number, null)).token,
  };
});

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

describe("GET /api/campaigns/{id}/report and GET /api/reports", () => {
  it("answer the report in the envelope", async () => {
    const campaign = await get(`/api/campaigns/${campaignId}/report`, tokens.brand);
    expect(campaign.statusCode).toBe(200);
    expect(campaign.json().data.totals).toMatchObject({
      hires: 1,
      spendCents: 11_000,
      engagements: 400,
      costPerEngagementCents: 28,
      costPerThousandViewsCents: 2_750,
    });
    const period = await get("/api/reports?from=2026-06-01&to=2026-06-30", tokens.brand);
    expect(period.statusCode).toBe(200);
    expect(period.json().data.scope).toEqual({ kind: "period", from: "2026-06-01", to: "2026-06-30" });
    expect(period.json().data.byCampaign).toHaveLength(1);
  });

  it("answer 404 for another brand's campaign, 403 to an influencer, 401 to a visitor, 400 to a bad period", async () => {
    expect((await get(`/api/campaigns/${campaignId}/report`, tokens.stranger)).json()).toMatchObject({
      reason: "not_found",
    });
    expect((await get(`/api/campaigns/${campaignId}/report`, tokens.stranger)).statusCode).toBe(404);
    expect((await get("/api/reports", tokens.influencer)).statusCode).toBe(403);
    expect((await get("/api/reports.csv", tokens.influencer)).statusCode).toBe(403);
    expect((await get("/api/reports")).statusCode).toBe(401);
    const backwards = await get("/api/reports?from=2026-06-30&to=2026-06-01", tokens.brand);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ reason: "invalid" });
    expect((await get("/api/campaigns/abc/report", tokens.brand)).statusCode).toBe(400);
  });
});

describe("GET /api/reports.csv", () => {
  it("downloads the period as a CSV attachment, titles kept from running as formulas", async () => {
    const answer = await get("/api/reports.csv?from=2026-06-01&to=2026-06-30", tokens.brand);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="report-2026-06-01-to-2026-06-30.csv"');
    const rows = readCsv(answer.body);
    expect(rows[1]?.slice(0, 8)).toEqual(["Total", "", "1", "1", "110.00", "10.00", "0.00", "110.00"]);
    expect(rows.find((row) => row[0] === "Campaign")?.[1]).toBe("'@SUM(A1:A9) launch");
    expect(rows.filter((row) => row[0] === "Day")).toHaveLength(30);
  });
});
