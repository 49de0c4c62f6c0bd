import type { ApplicationPageView } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { formatDeadline } from "../../../lib/deal-format";
import { i18n, loadAllTexts } from "../../../lib/i18n";
import { closingLine } from "./closing-line";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const closed = (
  changes: Pick<ApplicationPageView, "deniedReason" | "refund">,
  role: ApplicationPageView["role"] = "influencer",
) => closingLine(i18n.t, { status: "DENIED", role, ...changes } as ApplicationPageView);

describe("a closed chat's closing line", () => {
  it("says a declined proposal was declined before a conversation started", () => {
    expect(closed({ deniedReason: "PRICE_TOO_HIGH", refund: null })).toBe(
      "The chat is closed: this proposal was declined before a conversation started.",
    );
  });

  it("says an expired proposal expired, not that it was declined", () => {
    expect(closed({ deniedReason: "EXPIRED", refund: null })).toBe(
      "The chat is closed: this proposal expired before a conversation started.",
    );
  });

  it("says who refunded what, and when, for a refunded hire; to the brand, 'to you'", () => {
    const at = new Date("2026-12-05T10:00:00Z");
    expect(closed({ deniedReason: "NO_REASON", refund: { at, amountCents: 44_000 } }, "brand")).toBe(
      `The chat is closed: the platform refunded $440.00 to you on ${formatDeadline(at)}, and the hire is over.`,
    );
    expect(closed({ deniedReason: "NO_REASON", refund: { at, amountCents: 44_000 } })).toMatch(
      new RegExp(
        `^The chat is closed: the platform refunded \\$440(\\.00)? to the brand on ${formatDeadline(at)}, and the hire is over\\.$`,
      ),
    );
  });
});
