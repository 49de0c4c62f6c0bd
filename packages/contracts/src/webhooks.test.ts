import { describe, expect, it } from "vitest";
import { createWebhookInput, webhookDeliveriesInput, webhookDeliveryIdInput } from "./webhooks";

describe("a webhook endpoint's input", () => {
  it("takes an absolute http(s) URL and one or more distinct events", () => {
    expect(createWebhookInput.parse({ url: " https://hooks.example/in ", events: ["payout.paid"] })).toEqual({
      url: "https://hooks.example/in",
      events: ["payout.paid"],
    });
  });

  it.each([
    ["a relative path", "/hooks"],
    ["another scheme", "ftp://hooks.example/in"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a user and password", "https://user:secret@hooks.example/in"],
    ["a fragment", "https://hooks.example/in#x"],
    ["over 2,048 characters", `https://hooks.example/${"a".repeat(2048)}`],
  ])("refuses %s", (_name, url) => {
    const result = createWebhookInput.safeParse({ url, events: ["payout.paid"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["url"]);
  });

  it("refuses no events, an unknown event, the test event and an event twice", () => {
    for (const events of [[], ["payout.sent"], ["ping"], ["payout.paid", "payout.paid"]]) {
      const result = createWebhookInput.safeParse({ url: "https://hooks.example/in", events });
      expect(result.error?.issues[0]?.path[0]).toBe("events");
    }
  });

  it("takes delivery ids and cursors as digits only", () => {
    expect(webhookDeliveryIdInput.parse({ id: "12" })).toEqual({ id: 12 });
    for (const id of ["012", "1e3", "-1", 0, 1.5]) expect(webhookDeliveryIdInput.safeParse({ id }).success).toBe(false);
    expect(webhookDeliveriesInput.safeParse({ id: 1, cursor: "abc" }).success).toBe(false);
  });
});
