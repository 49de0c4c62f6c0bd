import { brandTotalCents, DEFAULT_FEE_PERCENT } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { proposalTableOf } from "./proposal-lines";
import { formatCount, linePrice, proposalTotals } from "./proposal-totals";
import { ownNetwork } from "./test-fixtures";

const { lines } = proposalTableOf(
  [
    ownNetwork(1, "instagram", { followers: 12_000 }),
    ownNetwork(2, "youtube", { followers: 3_500 }),
    ownNetwork(3, "twitter", { followers: 50_000, isVerified: false }),
    ownNetwork(4, "blog", { followers: 9_000 }),
  ],
  ["instagram", "youtube", "twitter", "blog"],
);
const form = (entries: Record<number, string>) => ({
  text: "",
  expiration: "",
  lines: Object.fromEntries(Object.entries(entries).map(([id, price]) => [id, { price, creationDays: "" }])),
});

describe("proposal totals", () => {
  it("sums reach and price of the lines with a valid price, and adds the fee like the server", () => {
    const totals = proposalTotals(lines, form({ 1: "$1,250", 2: "25", 3: "500", 4: "abc" }), DEFAULT_FEE_PERCENT);
    expect(totals).toEqual({ reach: 15_500, priceCents: 127_500, feePercent: 10, priceWithFeeCents: 140_250 });
    expect(totals.priceWithFeeCents).toBe(brandTotalCents(127_500, 10));
  });

  it("is zero when nothing is priced, or a price is under 25", () => {
    expect(proposalTotals(lines, form({ 1: "24", 2: "" }), 10)).toEqual({
      reach: 0,
      priceCents: 0,
      feePercent: 10,
      priceWithFeeCents: 0,
    });
  });

  it("rounds a fee with decimals half up to the cent", () => {
    // 25 * 1.125 = 28.125 -> 28.13
    expect(proposalTotals(lines, form({ 1: "25" }), 12.5).priceWithFeeCents).toBe(2_813);
  });

  it("reads a line's price with the contracts' rule", () => {
    expect(linePrice(" $2,000 ")).toBe(2000);
    expect(linePrice("")).toBeUndefined();
    expect(linePrice("25.00")).toBeUndefined();
  });

  it("formats counts", () => {
    expect(formatCount(15_500)).toBe("15,500");
  });
});
