import { NOTIFICATION_TYPES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "../../lib/i18n";
import { notificationTarget, notificationText } from "./notification-text";
import { aNotification } from "./test-notification";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const t = i18n.t.bind(i18n);

describe("notificationText", () => {
  it.each(NOTIFICATION_TYPES)("says something of its own for %s, with no placeholder left", (type) => {
    const text = notificationText(t, aNotification({ type }), "influencer");
    expect(text).not.toMatch(/{{|NOTIFICATION\./);
    expect(text.length).toBeGreaterThan(10);
  });

  it("speaks to a brand of its own refund, and to the influencer of the brand's", () => {
    expect(notificationText(t, aNotification({ type: "refund" }), "brand")).toBe(
      "We refunded you for Lipstick launch: the hire is cancelled.",
    );
    expect(notificationText(t, aNotification({ type: "refund" }), "influencer")).toBe(
      "The brand was refunded for Lipstick launch.",
    );
  });

  it("names who, a brand by its company name rather than its username, and which campaign", () => {
    expect(notificationText(t, aNotification({ type: "invitation" }), "influencer")).toBe(
      "Glow Beauty invites you to apply to Lipstick launch.",
    );
  });

  it("quotes a chat message, or names its file", () => {
    expect(notificationText(t, aNotification({ text: "See you Monday" }), "influencer")).toBe(
      "Glow Beauty: See you Monday",
    );
    const file = { id: "f", name: "brief.pdf", type: "application/pdf", url: "/files/f" };
    expect(notificationText(t, aNotification({ file }), "influencer")).toBe("Glow Beauty sent a file: brief.pdf");
  });

  it("tells an expiry (a decline nobody sent) from a brand's decline", () => {
    expect(notificationText(t, aNotification({ type: "declined", sender: null }), "influencer")).toBe(
      "Your proposal on Lipstick launch has expired.",
    );
    expect(notificationText(t, aNotification({ type: "declined" }), "influencer")).toBe(
      "Glow Beauty declined your proposal on Lipstick launch.",
    );
  });

  it("shows a failed payout's own explanation", () => {
    const text = "Your $25.00 payout by PayPal to a@b.test failed: it was cancelled.";
    expect(notificationText(t, aNotification({ type: "payout_failed", text, applicationId: null }), "influencer")).toBe(
      text,
    );
  });

  it("falls back when the sender or the campaign is gone", () => {
    expect(notificationText(t, aNotification({ type: "work_done", sender: null, dealTitle: null }), "influencer")).toBe(
      "Someone marked the work on a campaign done.",
    );
  });
});

describe("notificationTarget", () => {
  it("opens the application on the viewer's side", () => {
    expect(notificationTarget("brand", aNotification())).toBe("/applications/7");
    expect(notificationTarget("influencer", aNotification())).toBe("/proposals/7");
  });

  it("opens the deal when there is no application", () => {
    const invitation = aNotification({ type: "invitation", applicationId: null });
    expect(notificationTarget("influencer", invitation)).toBe("/deals/3");
    expect(notificationTarget("brand", aNotification({ type: "deal_review", applicationId: null }))).toBe(
      "/campaigns/3",
    );
  });

  it("opens the earnings for a payout (failed or paid), and nothing when it is about nothing", () => {
    const payout = aNotification({ type: "payout_failed", applicationId: null, dealId: null });
    expect(notificationTarget("influencer", payout)).toBe("/earnings");
    const paid = aNotification({ type: "payout_paid", applicationId: null, dealId: null });
    expect(notificationTarget("influencer", paid)).toBe("/earnings");
    expect(notificationTarget("brand", aNotification({ type: "news", applicationId: null, dealId: null }))).toBeNull();
  });
});
