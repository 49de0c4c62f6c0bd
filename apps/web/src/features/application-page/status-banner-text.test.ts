import { describe, expect, it } from "vitest";
import { formatDeadline } from "../../lib/deal-format";
import { i18n, loadAllTexts } from "../../lib/i18n";
import { statusBannerText } from "./status-banner-text";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const expiration = new Date("2027-01-10T23:59:00Z");
const day = formatDeadline(expiration);
const view = {
  role: "brand",
  status: "WAITING",
  deniedReason: null,
  expiration,
  moneyReleaseDate: null,
  countdown: null,
  refund: null,
} as const;
const text = (changes: Partial<Parameters<typeof statusBannerText>[1]>) =>
  statusBannerText(i18n.t, { ...view, ...changes });

describe("status banner", () => {
  it("tells each side who answers a waiting proposal, and until when", () => {
    expect(text({}).headline).toBe(`Waiting for your answer: the proposal stands until ${day}.`);
    expect(text({ role: "influencer" }).headline).toBe(
      `Waiting for the brand's answer: your proposal stands until ${day}.`,
    );
  });

  it("says a declined proposal was declined, with the brand's reason when it gave one", () => {
    expect(text({ status: "DENIED", deniedReason: "PRICE_TOO_HIGH" })).toEqual({
      state: "DECLINED",
      headline: "You declined this proposal.",
      detail: "Reason: the price is too high.",
    });
    expect(text({ role: "influencer", status: "DENIED", deniedReason: "NO_REASON" })).toEqual({
      state: "DECLINED",
      headline: "The brand declined this proposal.",
      detail: null,
    });
  });

  it("says an expired proposal expired, on which day, never that it was declined", () => {
    expect(text({ role: "influencer", status: "DENIED", deniedReason: "EXPIRED" })).toMatchObject({
      headline: `Expired: the proposal ran out on ${day} without an answer.`,
      detail: null,
    });
  });

  it("follows the hire: in progress, work done with the release date, complete", () => {
    expect(text({ status: "PROGRESS" }).headline).toBe("Hired: the influencer is creating the content.");
    expect(text({ role: "influencer", status: "PROGRESS" }).headline).toBe(
      "Hired: create the content, then tell the brand the work is done.",
    );
    const release = new Date("2027-02-01T12:00:00Z");
    expect(text({ status: "PROGRESS", moneyReleaseDate: release }).headline).toBe(
      `Work done: the money will be released on ${formatDeadline(release)}.`,
    );
    expect(text({ status: "COMPLETE" }).headline).toBe("Complete: the money was released.");
  });

  it("says a paused release is on hold, and a refund ended the hire", () => {
    expect(
      text({ status: "PROGRESS", countdown: { state: "paused", remainingMs: 1000, pausedBy: ["contest"] } }).headline,
    ).toBe("Work done, release on hold: the platform is looking into the case.");
    const at = new Date("2027-01-02T00:00:00Z");
    expect(text({ role: "influencer", status: "DENIED", refund: { at, amountCents: 14_850 } })).toEqual({
      state: "REFUNDED",
      headline: `Refunded on ${formatDeadline(at)}: the platform gave the brand its $148.50 back and the hire is over.`,
      detail: null,
    });
    // The brand is spoken to, as its refund mail does.
    expect(text({ status: "DENIED", refund: { at, amountCents: 14_850 } }).headline).toBe(
      `Refunded on ${formatDeadline(at)}: the platform gave you your $148.50 back and the hire is over.`,
    );
  });
});
