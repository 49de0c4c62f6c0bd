import { HELP_QUESTION_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkHelpQuestion } from "./help-question";

describe("checkHelpQuestion", () => {
  it("trims the question", () => {
    expect(checkHelpQuestion("  How do payouts work?\n")).toEqual({ ok: true, text: "How do payouts work?" });
  });

  it("refuses an empty or blank question", () => {
    for (const text of ["", "   ", "\n\t "]) expect(checkHelpQuestion(text)).toEqual({ ok: false, error: "required" });
  });

  it("refuses a question longer than the server accepts, counting after trimming", () => {
    expect(checkHelpQuestion("x".repeat(HELP_QUESTION_MAX_LENGTH + 1))).toEqual({ ok: false, error: "too_long" });
    expect(checkHelpQuestion(` ${"x".repeat(HELP_QUESTION_MAX_LENGTH)} `).ok).toBe(true);
  });
});
