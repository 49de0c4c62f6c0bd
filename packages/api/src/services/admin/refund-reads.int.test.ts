import { applicationState } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { useHireFixture } from "../../testing/hire-fixture";
import { paidApplication } from "../../testing/paid-application";
import { csvRecords } from "../earnings/testing/read-csv";

const fixture = useHireFixture();
const { clock } = fixture;

/**
 * Issue 32: the spec keeps a refunded hire DENIED, but nobody reads it as declined. Every answer a screen reads
 * after an admin's refund carries the refund (when, and B, what went back to the brand's card).
 */
describe("a refunded hire reads as refunded everywhere", () => {
  it("in both lists, on the page and in its chat, in earnings, hires and both statements", async () => {
    const app = await paidApplication(fixture.db, clock);
    clock.advance(60_000);
    await app.callers.adminAsBrand.admin.refund({ id: app.id });
    const refund = { at: clock.now(), amountCents: 137_500 };
    const day = clock.now().toISOString().slice(0, 10);

    for (const caller of [app.callers.brand, app.callers.influencer]) {
      const card = (await caller.applications.list({})).applications.find((item) => item.id === app.id);
      expect(card).toMatchObject({ status: "DENIED", deniedReason: null, refund });
      expect(card && applicationState(card)).toBe("REFUNDED");

      // A bare hire's chat (the payment and refund lines) closes, on its refund rather than on a decline.
      const page = await caller.applications.get({ id: app.id });
      expect(page).toMatchObject({ refund, chat: { enabled: false, disabledReason: "refunded" } });
      expect(applicationState(page)).toBe("REFUNDED");
      // Still readable: both parties read the refund's line.
      const chat = await caller.chat.page({ id: app.id });
      expect(chat.messages[0]).toMatchObject({ type: "refund", amountCents: 137_500 });
    }

    // The deal page's own-proposal panel of the influencer.
    const deal = await app.callers.influencer.deals.get({ id: app.dealId });
    expect(deal.application).toMatchObject({ status: "DENIED", refund });
    expect(deal.application && applicationState(deal.application)).toBe("REFUNDED");

    const earnings = await app.callers.influencer.earnings.list({});
    expect(earnings.items).toEqual([
      expect.objectContaining({
        id: `payment-${app.id}`,
        status: "refunded",
        released: false,
        releaseDate: null,
        refundDate: clock.now().toISOString(),
        amountNoFeesCents: 112_500,
      }),
    ]);
    const earningsCsv = csvRecords((await app.callers.influencer.earnings.statement()).csv);
    expect(earningsCsv).toEqual([
      expect.objectContaining({ Status: "refunded", "Release date": "", "Refund date": day }),
    ]);

    const hires = await app.callers.brand.hires.list({});
    expect(hires.items).toEqual([
      expect.objectContaining({
        applicationId: app.id,
        status: "refunded",
        refundDate: clock.now().toISOString(),
        amountWithFeesCents: 137_500,
      }),
    ]);
    expect(hires.totals).toEqual({ releasedCents: 0, pendingCents: 0, refundedCents: 137_500 });
    const hiresCsv = csvRecords((await app.callers.brand.hires.statement()).csv);
    expect(hiresCsv).toEqual([
      expect.objectContaining({ Status: "refunded", "Total (USD)": "1375.00", "Refund date": day }),
    ]);
  });
});
