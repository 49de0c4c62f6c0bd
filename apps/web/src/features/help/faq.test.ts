import {
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  MIN_NETWORK_FOLLOWERS,
  MIN_PAYOUT_CENTS,
  MIN_PROPOSAL_PRICE_DOLLARS,
  RELEASE_WINDOW_MS,
  SPONSORED_CONTENT_MIN_MONTHS,
} from "@market/contracts";
import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "../../lib/i18n";
import { FAQ_SECTIONS, faqValues } from "./faq";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const values = faqValues();
const answerOf = (key: string) => {
  const entry = FAQ_SECTIONS.flatMap((section) => section.entries).find((item) => item.answer.endsWith(key));
  if (!entry) throw new Error(`no answer ${key}`);
  return i18n.t(entry.answer, values);
};

describe("help center FAQ", () => {
  it("fills every placeholder of every question and answer", () => {
    for (const section of FAQ_SECTIONS) {
      expect(i18n.t(section.title)).not.toBe(section.title);
      for (const { question, answer } of section.entries) {
        for (const key of [question, answer]) {
          const text = i18n.t(key, values);
          expect(text).not.toBe(key);
          expect(text).not.toMatch(/{{|}}/);
        }
      }
    }
  });

  it("quotes the business rules from the constants", () => {
    expect(values).toMatchObject({
      minFollowers: MIN_NETWORK_FOLLOWERS.toLocaleString("en-US"),
      minPrice: `$${MIN_PROPOSAL_PRICE_DOLLARS}.00`,
      feePercent: DEFAULT_FEE_PERCENT,
      releaseDays: RELEASE_WINDOW_MS / DAY_MS,
      minPayout: `$${MIN_PAYOUT_CENTS / 100}.00`,
      contentMonths: SPONSORED_CONTENT_MIN_MONTHS,
    });
  });

  it("reads as the spec's figures", () => {
    expect(answerOf("NETWORKS.FOLLOWERS_A")).toContain("more than 2,000 followers");
    expect(answerOf("NETWORKS.INSTAGRAM_A")).toContain("within 5 minutes");
    expect(answerOf("PROPOSALS.PRICE_A")).toContain("at least $25.00 per network");
    expect(answerOf("PROPOSALS.FEE_A")).toContain("usually 10%: for a $100.00 hire, you receive $90.00");
    expect(answerOf("WORK.RELEASE_A")).toContain("released automatically after 10 days");
    expect(answerOf("WORK.CONTENT_A")).toContain("At least 6 months");
    expect(answerOf("PAYOUTS.HOW_A")).toContain("reaches $20.00. You can be paid by TransferWise or PayPal.");
    expect(answerOf("PAYOUTS.DELAY_A")).toContain("2-3 business days");
  });

  it("gives every section a distinct anchor", () => {
    const ids = FAQ_SECTIONS.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
