import { createSession, fixedClock } from "@market/api";
import { csvRecords, moneyHistory, payoutOf, readCsv } from "@market/api/testing";
import { DAY_MS } from "@market/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-07-01T08:00:00Z"));
const server = useTestApp({ clock });

let tokens: { brand: string; influencer: string };

beforeAll(async () => {
  const history = await moneyHistory(server.db, clock, [
    {
      title: "@SUM(A1:A9) launch",
      prices: [{ network: "instagram", dollars: 100, hired: true }],
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      paidDaysAgo: 12,
      state: "released",
    },
    {
      title: "Summer, part 2",
      prices: [{ network: "youtube", dollars: 40, hired: true }],
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      paidDaysAgo: 2,
      state: "pending",
    },
  ]);
  await payoutOf(server.db, history.influencer.id, 2_000, new Date(clock.now().getTime() - DAY_MS), "processing");
  tokens = {
    brand: (await createSession(server.db, clock, history.brand.id, null)).token,
    influencer: (await createSession(server.db, clock, history.influencer.id, null)).token,
  };
});

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

describe("GET /api/earnings and GET /api/hires", () => {
  it("answer the lists in the envelope", async () => {
    const earnings = await get("/api/earnings", tokens.influencer);
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json().data.items.map((item: { status: string }) => item.status)).toEqual([
      "processing",
      "pending",
      "released",
    ]);
    const hires = await get("/api/hires", tokens.brand);
    expect(hires.json().data.totals).toEqual({ releasedCents: 11_000, pendingCents: 4_400, refundedCents: 0 });
  });

  it("refuse the other kind with 403 forbidden and a visitor with 401 unauthorized", async () => {
    for (const [url, token] of [
      ["/api/earnings", tokens.brand],
      ["/api/hires", tokens.influencer],
      ["/api/earnings/statement.csv", tokens.brand],
      ["/api/hires/statement.csv", tokens.influencer],
    ] as const) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ status: "error", reason: "forbidden" });
    }
    for (const url of ["/api/earnings", "/api/hires", "/api/earnings/statement.csv", "/api/hires/statement.csv"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ status: "error", reason: "unauthorized" });
    }
  });
});

describe("the statements", () => {
  it("download the influencer's earnings as a dated CSV attachment, amounts in USD", async () => {
    const response = await get("/api/earnings/statement.csv", tokens.influencer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="earnings-statement-2026-07-01.csv"');
    expect(response.headers["cache-control"]).toContain("no-store");
    const records = csvRecords(response.body);
    expect(records.map((r) => [r.Type, r.Description, r["Amount (USD)"], r["Amount without fees (USD)"]])).toEqual([
      ["payout", "Payout by PayPal", "20.00", "20.00"],
      ["i-payment", "Summer, part 2", "40.00", "36.00"],
      ["i-payment", "'@SUM(A1:A9) launch", "100.00", "90.00"],
    ]);
  });

  it("download the brand's hires as a dated CSV attachment", async () => {
    const response = await get("/api/hires/statement.csv", tokens.brand);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="hires-statement-2026-07-01.csv"');
    expect(response.body.split("\r\n")[0]).toBe(
      "Date,Description,Influencer,Amount (USD),Fees (USD),Total (USD),Status,Refund date,Usage rights",
    );
    expect(csvRecords(response.body).map((r) => [r.Description, r["Total (USD)"], r.Status])).toEqual([
      ["Summer, part 2", "44.00", "pending"],
      ["'@SUM(A1:A9) launch", "110.00", "released"],
    ]);
  });
});

describe("a deal title holding a line break (old data, or data that came in another way)", () => {
  const title = "Vitamin C serum\n=cmd|' /C calc'!A0";
  const startsFormula = (text: string) => /^[=+\-@\t]/.test(text);

  // moneyHistory writes the title straight into the deal row, past the campaign input's checks.
  it("stays one guarded cell of both statements, however the file is read", async () => {
    const history = await moneyHistory(server.db, clock, [
      {
        title,
        prices: [{ network: "instagram", dollars: 100, hired: true }],
        feeBrandPercent: 10,
        feeInfluencerPercent: 10,
        paidDaysAgo: 3,
        state: "pending",
      },
    ]);
    const statements = [
      ["/api/earnings/statement.csv", history.influencer.id],
      ["/api/hires/statement.csv", history.brand.id],
    ] as const;
    for (const [url, userId] of statements) {
      const response = await get(url, (await createSession(server.db, clock, userId, null)).token);
      expect(response.statusCode, url).toBe(200);
      const [header = [], ...rows] = readCsv(response.body);
      expect(rows, url).toHaveLength(1);
      expect(rows[0], url).toHaveLength(header.length);
      expect(rows[0]?.[header.indexOf("Description")], url).toBe("Vitamin C serum\n'=cmd|' /C calc'!A0");
      // Read as a spreadsheet reads it, and line by line as a careless reader would: nothing starts a formula.
      const cells = [...header, ...rows.flat()];
      expect(cells.filter(startsFormula), url).toEqual([]);
      expect(response.body.split(/\r\n|\n|\r/).filter(startsFormula), url).toEqual([]);
    }
  });
});
