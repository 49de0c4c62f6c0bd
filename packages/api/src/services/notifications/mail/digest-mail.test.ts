import { readFileSync } from "node:fs";
import { NOTIFICATION_TYPES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { type DigestItem, digestMail, digestSentence, SENTENCES, SENTENCES_TO_BRAND } from "./digest-mail";

/** The web's English texts: a mail says what the bell says. */
const en = JSON.parse(readFileSync(new URL("../../../../../../apps/web/src/locales/en.json", import.meta.url), "utf8"));

const item = (overrides: Partial<DigestItem> = {}): DigestItem => ({
  type: "work_done",
  applicationId: 7,
  dealId: 3,
  dealTitle: "Lipstick launch",
  sender: "glowbrand",
  text: null,
  fileName: null,
  ...overrides,
});

describe("digest mail", () => {
  it.each(NOTIFICATION_TYPES)("says %s as the web's notification list does", (type) => {
    // The flag's two types (issue 36) keep their texts in the console-flags section of en.json.
    const web = en.NOTIFICATION.TYPE[type] ?? en.CONSOLE_FLAGS.NOTIFICATION[type];
    expect(SENTENCES[type]("{{sender}}", "{{deal}}")).toBe(web);
  });

  it("speaks to the brand of its own refund, as the web's list does for a brand", () => {
    expect(SENTENCES_TO_BRAND.refund?.("{{sender}}", "{{deal}}")).toBe(en.NOTIFICATION.TYPE_TO_BRAND.refund);
    for (const type of Object.keys(SENTENCES_TO_BRAND)) expect(en.NOTIFICATION.TYPE_TO_BRAND[type]).toBeDefined();
  });

  it("names a file, tells an expiry, and lets news and a paid payout speak for themselves", () => {
    expect(digestSentence(item({ type: "message", fileName: "brief.pdf" }), "brand")).toBe(
      'glowbrand sent a file about "Lipstick launch": brief.pdf',
    );
    expect(digestSentence(item({ type: "declined", sender: null }), "influencer")).toBe(
      'Your proposal on "Lipstick launch" has expired.',
    );
    expect(digestSentence(item({ type: "payout_paid", text: "Your $25.00 payout was paid." }), "influencer")).toBe(
      "Your $25.00 payout was paid.",
    );
  });

  it("links each line to the recipient's own page of it, whole", () => {
    const brand = { email: "b@test.example", username: "glowbrand", kind: "brand" as const };
    const influencer = { ...brand, kind: "influencer" as const };
    expect(digestMail(brand, [item()], "https://market.example").text).toContain(
      "  https://market.example/applications/7",
    );
    expect(digestMail(influencer, [item()], "https://market.example").text).toContain(
      "  https://market.example/proposals/7",
    );
  });
});
