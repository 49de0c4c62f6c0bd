import type { z } from "zod";

/**
 * What a single line of text (a title, a name, a city, a link) never holds: control characters (C0, tab and line
 * breaks among them, DEL and C1, next line U+0085 among these) and Unicode's line and paragraph separators. Such
 * a value is shown and exported as one line: a line break in it splits a statement's row or a mail's line, and
 * the other controls only garble it.
 */
const NOT_SINGLE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** The issue's message; the web recognizes the issue by it (isSingleLineIssue) and shows its own text. */
export const SINGLE_LINE_MESSAGE = "Write this on a single line, without control characters.";

export const isSingleLine = (text: string): boolean => !NOT_SINGLE_LINE.test(text);

/**
 * The schema, refusing text that is not a single line. Chained after a trim, a line break at either end is
 * trimmed away and only one within the text is refused.
 */
export const singleLine = <T extends z.ZodType<string>>(schema: T): T =>
  schema.refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** Whether an issue (of a parse on the client, or of a server's answer) is singleLine's refusal. */
export const isSingleLineIssue = (issue: { message?: string }): boolean => issue.message === SINGLE_LINE_MESSAGE;
