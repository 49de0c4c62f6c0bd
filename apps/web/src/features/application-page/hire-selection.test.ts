import { type ApplicationPagePrice, brandTotalCents, ORGANIC_RIGHTS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { allTicked, hireTotals, toggleTick } from "./hire-selection";

const line = (network: ApplicationPagePrice["network"], price: number, reach: number): ApplicationPagePrice => ({
  network,
  networkId: 1,
  reach,
  price,
  creationDays: 3,
  link: null,
  usageRights: ORGANIC_RIGHTS,
  hired: false,
});
const prices = [line("instagram", 125, 12_000), line("youtube", 300, 30_000)];

describe("hire selection", () => {
  it("opens with every network ticked and totals them with the brand's fee", () => {
    const totals = hireTotals(prices, allTicked(prices), 10);
    expect(totals).toEqual({
      networks: ["instagram", "youtube"],
      usageRights: [
        { network: "instagram", usageRights: ORGANIC_RIGHTS },
        { network: "youtube", usageRights: ORGANIC_RIGHTS },
      ],
      reach: 42_000,
      priceCents: 42_500,
      feePercent: 10,
      feeCents: 4_250,
      totalCents: 46_750,
      canAccept: true,
    });
    expect(totals.totalCents).toBe(brandTotalCents(42_500, 10));
  });

  it("totals only the ticked networks", () => {
    const ticked = toggleTick(allTicked(prices), 1);
    expect(hireTotals(prices, ticked, 10)).toEqual({
      networks: ["instagram"],
      usageRights: [{ network: "instagram", usageRights: ORGANIC_RIGHTS }],
      reach: 12_000,
      priceCents: 12_500,
      feePercent: 10,
      feeCents: 1_250,
      totalCents: 13_750,
      canAccept: true,
    });
  });

  it("keeps the fee as the total less the price, with the cents the rounding gives", () => {
    const odd = [line("twitter", 33, 5_000)];
    const totals = hireTotals(odd, allTicked(odd), 12.5);
    expect(totals.totalCents).toBe(brandTotalCents(3_300, 12.5));
    expect(totals.priceCents + totals.feeCents).toBe(totals.totalCents);
  });

  it("cannot accept with nothing ticked", () => {
    const none = toggleTick(toggleTick(allTicked(prices), 0), 1);
    expect(none.size).toBe(0);
    expect(hireTotals(prices, none, 10)).toMatchObject({ networks: [], priceCents: 0, canAccept: false });
    expect(toggleTick(none, 0).has(0)).toBe(true);
  });
});
