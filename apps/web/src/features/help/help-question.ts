import { HELP_QUESTION_MAX_LENGTH, helpInput } from "@market/contracts";

export type HelpQuestionError = "required" | "too_long";

/** Spec section 5: the question is trimmed and must not be empty; the server's schema decides, here as there. */
export function checkHelpQuestion(text: string): { ok: true; text: string } | { ok: false; error: HelpQuestionError } {
  const result = helpInput.safeParse({ text });
  if (result.success) return { ok: true, text: result.data.text };
  return { ok: false, error: text.trim().length > HELP_QUESTION_MAX_LENGTH ? "too_long" : "required" };
}
