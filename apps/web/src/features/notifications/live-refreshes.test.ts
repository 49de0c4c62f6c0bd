import { describe, expect, it } from "vitest";
import { liveRefreshes } from "./live-refreshes";
import { aNotification } from "./test-notification";

describe("liveRefreshes", () => {
  it("refreshes the brand's campaign list on a new application, with its page and the header's list", () => {
    expect(liveRefreshes("brand", aNotification({ type: "application", applicationId: 7 }))).toEqual([
      "notifications",
      "campaigns",
      "application",
    ]);
  });

  it("leaves the campaign list alone for other types", () => {
    expect(liveRefreshes("brand", aNotification({ type: "message", applicationId: 7 }))).not.toContain("campaigns");
  });

  it.each(["payment", "money_released", "refund", "payout_failed"] as const)(
    "refreshes the influencer's balance on %s",
    (type) => {
      expect(liveRefreshes("influencer", aNotification({ type }))).toContain("balance");
    },
  );

  it("refreshes both parties' money lists on a refund, so a pending line turns refunded", () => {
    expect(liveRefreshes("influencer", aNotification({ type: "refund" }))).toContain("money");
    expect(liveRefreshes("brand", aNotification({ type: "refund" }))).toContain("money");
    expect(liveRefreshes("brand", aNotification({ type: "message" }))).not.toContain("money");
  });

  it("refreshes no balance for a brand, nor for an influencer's chat message", () => {
    expect(liveRefreshes("brand", aNotification({ type: "refund" }))).not.toContain("balance");
    expect(liveRefreshes("influencer", aNotification({ type: "message" }))).not.toContain("balance");
  });

  it("reads no application again when the notification is about none (an invitation)", () => {
    expect(liveRefreshes("influencer", aNotification({ type: "invitation", applicationId: null }))).toEqual([
      "notifications",
    ]);
  });
});
