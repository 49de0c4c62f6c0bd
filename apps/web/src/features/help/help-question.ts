import { askForHelpInput, HELP_QUESTION_MAX_LENGTH } from "@market/contracts";

export type HelpQuestionError = "required" | "too_long";

/** Spec section 5: the question is trimmed and must not be empty; the server's schema decides, here as there. */
export function checkHelpQuestion(text: string): { ok: true; text: string } | { ok: false; error: HelpQuestionError } {
  const result = askForHelpInput.safeParse({ text });
  if (result.success) return { ok: true, text: result.data.text };
  return { ok: false, error: text.trim().length > HELP_QUESTION_MAX_LENGTH ? "too_long" : "required" };
}
