import { type Report, reportFigures } from "@market/contracts";
import { type Db, deals, eq } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, campaignBody, createBrand, createInfluencer, type TestCaller } from "../../testing";
import { ledgerViolations } from "../../testing/ledger-invariants";
import { readCsv } from "../earnings/testing/read-csv";
import { type ReportHireDraft, reportHistory } from "./testing/report-history";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-10T09:30:00Z"));
const at = (iso: string) => new Date(iso);

/**
 * Spring: alice (instagram $100 + youtube $300, 10% fee: B 440.00, fees 40.00) with two posts read three and two
 * times, and an earlier delivery the report must ignore; bob (twitter $50) refunded with no posts; carol (instagram
 * $200) one post without engagements. Quiet: a hire without posts. Old: paid before the periods asked for.
 */
const HISTORY: ReportHireDraft[] = [
  {
    campaign: "Spring",
    influencer: "alice",
    prices: [
      { network: "instagram", dollars: 100 },
      { network: "youtube", dollars: 300 },
    ],
    feeBrandPercent: 10,
    paidAt: at("2026-06-01T10:00:00Z"),
    earlier: [{ network: "youtube", readings: [{ day: 0, views: 999_999, likes: 99_999, comments: 9_999 }] }],
    posts: [
      {
        network: "instagram",
        readings: [
          { day: 0, views: 1_000, likes: 50, comments: 5 },
          { day: 1, views: 3_000, likes: 120, comments: 10 },
        ],
      },
      {
        network: "youtube",
        readings: [
          { day: 0, views: 10_000, likes: 300, comments: 20 },
          { day: 1, views: 20_000, likes: 700, comments: 50 },
          { day: 7, views: 25_000, likes: 900, comments: 60 },
        ],
      },
    ],
  },
  {
    campaign: "Spring",
    influencer: "bob",
    prices: [{ network: "twitter", dollars: 50 }],
    feeBrandPercent: 10,
    paidAt: at("2026-06-03T10:00:00Z"),
    refunded: true,
  },
  {
    campaign: "Spring",
    influencer: "carol",
    prices: [{ network: "instagram", dollars: 200 }],
    feeBrandPercent: 10,
    paidAt: at("2026-06-05T10:00:00Z"),
    posts: [{ network: "instagram", readings: [{ day: 0, views: 500, likes: 0, comments: 0 }] }],
  },
  {
    campaign: "Quiet",
    influencer: "alice",
    prices: [{ network: "instagram", dollars: 80 }],
    feeBrandPercent: 10,
    paidAt: at("2026-06-06T10:00:00Z"),
  },
  {
    campaign: "Old",
    influencer: "dave",
    prices: [{ network: "facebook", dollars: 10 }],
    feeBrandPercent: 10,
    paidAt: at("2026-04-01T10:00:00Z"),
  },
];

let history: Awaited<ReturnType<typeof reportHistory>>;
let brand: TestCaller;

const campaignId = (title: string) => history.campaigns.get(title) as number;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  history = await reportHistory(db, clock, HISTORY);
  brand = await callerFor(db, { userId: history.brand.id }, clock);
});

afterAll(() => testDb.close());

describe("a campaign's report", () => {
  let report: Report;
  beforeAll(async () => {
    report = await brand.reports.campaign({ id: campaignId("Spring") });
  });

  it("sums the spend from what the hires paid, fees and the refund included", () => {
    expect(report.scope).toEqual({ kind: "campaign", campaign: { id: campaignId("Spring"), title: "Spring" } });
    expect(report.totals).toMatchObject({
      hires: 3,
      paidCents: 44_000 + 5_500 + 22_000,
      feesCents: 4_000 + 500 + 2_000,
      refundedCents: 5_500,
      spendCents: 66_000,
    });
  });

  it("counts each current post's latest reading, not an earlier delivery's", () => {
    expect(report.totals).toMatchObject({
      posts: 3,
      views: 3_000 + 25_000 + 500,
      likes: 120 + 900,
      comments: 10 + 60,
      engagements: 1_090,
      engagementRate: 1_090 / 28_500,
      // 66000 / 1090 = 60.55 cents; 66000 * 1000 / 28500 = 2315.8 cents.
      costPerEngagementCents: 61,
      costPerThousandViewsCents: 2_316,
    });
  });

  it("splits a hire of two networks by their prices, and the rows add up to the total", () => {
    expect(report.byNetwork.map((row) => row.network)).toEqual(["twitter", "youtube", "instagram"]);
    const [twitter, youtube, instagram] = report.byNetwork;
    expect(instagram).toMatchObject({ hires: 2, posts: 2, paidCents: 11_000 + 22_000, feesCents: 1_000 + 2_000 });
    expect(instagram).toMatchObject({ views: 3_500, likes: 120, comments: 10 });
    expect(youtube).toMatchObject({ hires: 1, posts: 1, paidCents: 33_000, feesCents: 3_000, views: 25_000 });
    expect(twitter).toMatchObject({ paidCents: 5_500, refundedCents: 5_500, spendCents: 0, posts: 0 });
    expect(twitter?.costPerEngagementCents).toBeNull();
    const paid = report.byNetwork.reduce((sum, row) => sum + row.paidCents, 0);
    expect(paid).toBe(report.totals.paidCents);
  });

  it("splits per influencer, most engagements first; no engagements leave the cost per engagement empty", () => {
    expect(report.byInfluencer.map((row) => row.influencer.username)).toEqual(["alice", "bob", "carol"]);
    const carol = report.byInfluencer[2];
    expect(carol).toMatchObject({ spendCents: 22_000, views: 500, engagements: 0, engagementRate: 0 });
    expect(carol?.costPerEngagementCents).toBeNull();
    expect(carol?.costPerThousandViewsCents).toBe(44_000);
  });

  it("lays money and the readings' gains on a daily time line that adds up to the totals", () => {
    expect(report.bucket).toBe("day");
    expect(report.overTime.map((point) => point.start)).toEqual([
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
      "2026-06-07",
      "2026-06-08",
    ]);
    expect(report.overTime[0]).toMatchObject({ paidCents: 44_000, views: 11_000, likes: 350, comments: 25 });
    expect(report.overTime[1]).toMatchObject({ paidCents: 0, views: 12_000, likes: 470, comments: 35 });
    expect(report.overTime[3]).toMatchObject({ refundedCents: 5_500 });
    expect(report.overTime[7]).toMatchObject({ views: 5_000, likes: 200, comments: 10 });
    expect(report.overTime.reduce((sum, point) => sum + point.views, 0)).toBe(report.totals.views);
    expect(report.overTime.reduce((sum, point) => sum + point.paidCents, 0)).toBe(report.totals.paidCents);
  });

  it("reports a campaign without posts with its spend and no ratios", async () => {
    const quiet = await brand.reports.campaign({ id: campaignId("Quiet") });
    expect(quiet.totals).toEqual(
      reportFigures({
        hires: 1,
        posts: 0,
        paidCents: 8_800,
        feesCents: 800,
        refundedCents: 0,
        views: 0,
        likes: 0,
        comments: 0,
      }),
    );
    expect(quiet.totals).toMatchObject({
      engagementRate: null,
      costPerEngagementCents: null,
      costPerThousandViewsCents: null,
    });
  });

  it("reports a campaign without hires as empty", async () => {
    const { id } = await brand.deals.create(campaignBody(clock));
    const empty = await brand.reports.campaign({ id });
    expect(empty.totals.hires).toBe(0);
    expect(empty.overTime).toEqual([]);
    expect(empty.byInfluencer).toEqual([]);
  });
});

describe("the brand's report over a period", () => {
  it("covers the hires paid in the period, both days included, across campaigns", async () => {
    const report = await brand.reports.period({ from: "2026-05-15", to: "2026-06-06" });
    expect(report.scope).toEqual({ kind: "period", from: "2026-05-15", to: "2026-06-06" });
    expect(report.byCampaign.map((row) => [row.campaign.title, row.spendCents])).toEqual([
      ["Spring", 66_000],
      ["Quiet", 8_800],
    ]);
    expect(report.totals).toMatchObject({ hires: 4, paidCents: 80_300, refundedCents: 5_500 });
    expect(report.overTime[0]?.start).toBe("2026-05-15");
  });

  it("leaves out hires paid outside the period", async () => {
    const june = await brand.reports.period({ from: "2026-06-02", to: "2026-06-10" });
    expect(june.totals.hires).toBe(3);
    expect(june.byInfluencer.map((row) => row.influencer.username).sort()).toEqual(["alice", "bob", "carol"]);
    const april = await brand.reports.period({ from: "2026-03-01", to: "2026-04-30" });
    expect(april.byCampaign.map((row) => row.campaign.title)).toEqual(["Old"]);
    expect(april.byNetwork.map((row) => row.network)).toEqual(["facebook"]);
  });

  it("defaults to the last 30 days, and counts by week over a long period", async () => {
    const recent = await brand.reports.period({});
    expect(recent.scope).toEqual({ kind: "period", from: "2026-05-12", to: "2026-06-10" });
    expect(recent.totals.hires).toBe(4);
    const half = await brand.reports.period({ from: "2026-01-01", to: "2026-06-30" });
    expect(half.bucket).toBe("week");
    // 2026-01-01 is a Thursday: its week starts on Monday 2025-12-29.
    expect(half.overTime[0]?.start).toBe("2025-12-29");
    expect(half.totals.hires).toBe(5);
  });

  it("is empty for a brand without hires", async () => {
    const other = await callerFor(db, { userId: (await createBrand(db)).id }, clock);
    const report = await other.reports.period({ from: "2026-06-01", to: "2026-06-07" });
    expect(report.totals.hires).toBe(0);
    expect(report.overTime).toHaveLength(7);
  });

  it("exports the period as CSV, user texts kept from running as formulas", async () => {
    await db
      .update(deals)
      .set({ title: "=Quiet" })
      .where(eq(deals.id, campaignId("Quiet")));
    const { filename, csv } = await brand.reports.csv({ from: "2026-05-15", to: "2026-06-10" });
    await db
      .update(deals)
      .set({ title: "Quiet" })
      .where(eq(deals.id, campaignId("Quiet")));
    expect(filename).toBe("report-2026-05-15-to-2026-06-10.csv");
    const rows = readCsv(csv);
    expect(rows[0]?.slice(0, 8)).toEqual([
      "Breakdown",
      "Name",
      "Hires",
      "Posts",
      "Paid (USD)",
      "Fees (USD)",
      "Refunded (USD)",
      "Spend (USD)",
    ]);
    expect(rows[1]).toEqual([
      "Total",
      "",
      "4",
      "3",
      "803.00",
      "73.00",
      "55.00",
      "748.00",
      "28500",
      "1020",
      "70",
      "1090",
      "3.82",
      "0.69",
      "26.25",
    ]);
    expect(rows.find((row) => row[0] === "Campaign" && row[1] === "'=Quiet")).toBeDefined();
    expect(rows.filter((row) => row[0] === "Day")).toHaveLength(27);
  });
});

describe("who may read a report", () => {
  it("answers not_found for another brand's, a deleted or an unknown campaign", async () => {
    const stranger = await callerFor(db, { userId: (await createBrand(db)).id }, clock);
    expect(await callFailure(stranger.reports.campaign({ id: campaignId("Spring") }))).toMatchObject({
      code: "NOT_FOUND",
      reason: "not_found",
    });
    const { id } = await brand.deals.create(campaignBody(clock));
    await brand.deals.remove({ id });
    expect(await callFailure(brand.reports.campaign({ id }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(brand.reports.campaign({ id: 2_000_000_000 }))).toMatchObject({ reason: "not_found" });
  });

  it("never counts another brand's hires in a period", async () => {
    const stranger = await callerFor(db, { userId: (await createBrand(db)).id }, clock);
    const report = await stranger.reports.period({ from: "2026-05-15", to: "2026-06-10" });
    expect(report.totals.hires).toBe(0);
  });

  it("refuses influencers (forbidden), visitors (unauthorized) and bad periods (invalid)", async () => {
    const influencer = await callerFor(db, { userId: (await createInfluencer(db)).id }, clock);
    expect(await callFailure(influencer.reports.campaign({ id: campaignId("Spring") }))).toMatchObject({
      reason: "forbidden",
    });
    expect(await callFailure(influencer.reports.period({}))).toMatchObject({ reason: "forbidden" });
    const visitor = await callerFor(db, null, clock);
    expect(await callFailure(visitor.reports.csv({}))).toMatchObject({ code: "UNAUTHORIZED" });
    for (const input of [
      { from: "2026-06-10", to: "2026-06-01" },
      { from: "2026-06-01" },
      { from: "2025-01-01", to: "2026-06-01" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "June", to: "July" },
    ]) {
      expect(await callFailure(brand.reports.period(input))).toMatchObject({ reason: "invalid" });
    }
  });

  it("leaves the ledger balanced", async () => {
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
