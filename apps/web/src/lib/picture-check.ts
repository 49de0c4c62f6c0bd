import { MAX_UPLOAD_BYTES } from "@market/contracts";

const IMAGE_TYPES = ["image/png", "image/jpeg"];

/**
 * What is wrong with a chosen picture before it is sent (spec section 5: JPEG or PNG, below 4194304 bytes), or
 * null. Only a first check on what the browser declares: the server judges the content itself.
 */
export function pictureProblemOf(file: { size: number; type: string }): "too_big" | "bad_format" | null {
  if (file.size >= MAX_UPLOAD_BYTES) return "too_big";
  if (file.type !== "" && !IMAGE_TYPES.includes(file.type)) return "bad_format";
  return null;
}
