import type { ChatMessageView } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { formatDeadline } from "../../../lib/deal-format";
import { i18n, loadAllTexts } from "../../../lib/i18n";
import { messageContent } from "./message-content";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const base = { id: 7, created: new Date("2026-11-20T10:00:00Z"), isMe: false };
const brand = { id: 3, username: "acme_team", name: "Acme Coffee", picture: null };
const content = (message: ChatMessageView) => messageContent(i18n.t, message);

describe("chat message content", () => {
  it("shows a text as written and a file as its file", () => {
    expect(content({ ...base, sender: brand, type: "text", text: "Hello" })).toEqual({ kind: "text", text: "Hello" });
    const file = { id: "f1", name: "brief.pdf", type: "application/pdf", sizeBytes: 2048, url: "/files/f1" };
    expect(content({ ...base, sender: brand, type: "file", file })).toEqual({ kind: "file", file });
    expect(content({ ...base, sender: brand, type: "file", file: null })).toEqual({ kind: "file", file: null });
  });

  it("tells the brand who paid what its card was charged and what for; the influencer, the hire's price", () => {
    const payment = { ...base, sender: brand, type: "payment", amountCents: 37_500, feePercent: 10 } as const;
    expect(content({ ...payment, isMe: true })).toEqual({
      kind: "event",
      headline: "Paid $412.50: $375.00 to the influencer + $37.50 fee.",
      details: [],
    });
    expect(content(payment)).toEqual({ kind: "event", headline: "The brand paid $375.00 for the hire.", details: [] });
    // A fractional fee rounds as the server charged: 333.00 * 1.125 = 374.625, half up to $374.63.
    expect(content({ ...payment, isMe: true, amountCents: 33_300, feePercent: 12.5 })).toMatchObject({
      headline: "Paid $374.63: $333.00 to the influencer + $41.63 fee.",
    });
  });

  it("lists a price update's old and new price per network, added and removed ones too", () => {
    const updated = content({
      ...base,
      sender: null,
      type: "price_update",
      changes: [
        {
          network: "instagram",
          old: { network: "instagram", priceCents: 10_000, creationDays: 3 },
          new: { network: "instagram", priceCents: 12_050, creationDays: 1 },
        },
        { network: "youtube", old: null, new: { network: "youtube", priceCents: 30_000, creationDays: 7 } },
        { network: "twitter", old: { network: "twitter", priceCents: 5_000, creationDays: 2 }, new: null },
      ],
    });
    expect(updated).toEqual({
      kind: "event",
      headline: "The proposal was updated:",
      details: [
        "Instagram: $100.00, 3 days → $120.50, 1 day",
        "YouTube: added at $300.00, 7 days",
        "Twitter: removed (was $50.00, 2 days)",
      ],
    });
  });

  it("lists the prices a change request asks for", () => {
    const requested = content({
      ...base,
      sender: brand,
      type: "change_request",
      prices: [{ network: "instagram", priceCents: 8_000, creationDays: 4 }],
    });
    expect(requested).toEqual({
      kind: "event",
      headline: "The brand asks for changes:",
      details: ["Instagram: $80.00, 4 days"],
    });
  });

  it("gives work done's release date, work not done, and how the money was released", () => {
    const releaseDate = new Date("2026-12-05T12:00:00Z");
    expect(content({ ...base, sender: null, type: "work_done", moneyReleaseDate: releaseDate })).toMatchObject({
      headline: `The work is done. The money will be released on ${formatDeadline(releaseDate)} unless the brand says the content is not published.`,
    });
    expect(content({ ...base, sender: brand, type: "work_not_done", text: null })).toEqual({
      kind: "event",
      headline: "The brand says the work is not done: the countdown is paused and the platform looks into it.",
      details: [],
    });
    expect(content({ ...base, sender: brand, type: "work_not_done", text: "The post is missing" })).toMatchObject({
      details: ["“The post is missing”"],
    });
    expect(content({ ...base, sender: brand, type: "money_released", automatic: false })).toMatchObject({
      headline: "The brand released the money.",
    });
    expect(content({ ...base, sender: null, type: "money_released", automatic: true })).toMatchObject({
      headline: "The money was released automatically at the end of the brand's window.",
    });
  });

  it("tells the platform's refund and its close of the case, with the new release date when the countdown resumed", () => {
    expect(content({ ...base, sender: null, type: "refund", amountCents: 137_500 })).toMatchObject({
      headline: "The platform refunded $1,375.00 to the brand: the hire is cancelled.",
    });
    const releaseDate = new Date("2026-12-05T12:00:00Z");
    expect(content({ ...base, sender: null, type: "case_closed", moneyReleaseDate: releaseDate })).toMatchObject({
      headline: `The platform closed the case: the countdown resumes, the money will be released on ${formatDeadline(releaseDate)}.`,
    });
    expect(content({ ...base, sender: null, type: "case_closed", moneyReleaseDate: null })).toMatchObject({
      headline: "The platform closed the case.",
    });
  });

  it("gives the platform's reason of a decision taken from the console, on each decision's line", () => {
    const reason = "The story was posted on time.";
    const said = [`The platform's reason: ${reason}`];
    expect(content({ ...base, sender: null, type: "refund", amountCents: 100, reason })).toMatchObject({
      details: said,
    });
    expect(content({ ...base, sender: null, type: "case_closed", moneyReleaseDate: null, reason })).toMatchObject({
      details: said,
    });
    expect(content({ ...base, sender: brand, type: "money_released", automatic: false, reason })).toMatchObject({
      details: said,
    });
    expect(content({ ...base, sender: brand, type: "money_released", automatic: false })).toMatchObject({
      details: [],
    });
  });

  it("says who asked for arbitration", () => {
    expect(content({ ...base, sender: brand, type: "arbitration" })).toMatchObject({
      headline: "Acme Coffee asked the platform to arbitrate.",
    });
    expect(content({ ...base, sender: null, type: "arbitration" })).toMatchObject({
      headline: "A party asked the platform to arbitrate.",
    });
  });
});
