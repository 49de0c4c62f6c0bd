import { type ApplicationPagePrice, brandTotalCents } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { allTicked, hireTotals, toggleTick } from "./hire-selection";

const line = (network: ApplicationPagePrice["network"], price: number, reach: number): ApplicationPagePrice => ({
  network,
  networkId: 1,
  reach,
  price,
  creationDays: 3,
  link: null,
  hired: false,
});
const prices = [line("instagram", 125, 12_000), line("youtube", 300, 30_000)];

describe("hire selection", () => {
  it("opens with every network ticked and totals them with the brand's fee", () => {
    const totals = hireTotals(prices, allTicked(prices), 10);
    expect(totals).toEqual({ reach: 42_000, priceCents: 42_500, totalCents: 46_750, canAccept: true });
    expect(totals.totalCents).toBe(brandTotalCents(42_500, 10));
  });

  it("totals only the ticked networks", () => {
    const ticked = toggleTick(allTicked(prices), 1);
    expect(hireTotals(prices, ticked, 10)).toEqual({
      reach: 12_000,
      priceCents: 12_500,
      totalCents: 13_750,
      canAccept: true,
    });
  });

  it("cannot accept with nothing ticked", () => {
    const none = toggleTick(toggleTick(allTicked(prices), 0), 1);
    expect(none.size).toBe(0);
    expect(hireTotals(prices, none, 10)).toMatchObject({ priceCents: 0, canAccept: false });
    expect(toggleTick(none, 0).has(0)).toBe(true);
  });
});
