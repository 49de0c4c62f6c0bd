/** A value as a token opaque to clients: base64url of its JSON (the lists' and the searches' cursors). */
export const toOpaqueJson = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The value a token of toOpaqueJson holds, or undefined when the text is not one. */
export function fromOpaqueJson(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}
