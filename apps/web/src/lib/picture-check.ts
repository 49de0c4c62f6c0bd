import { MAX_UPLOAD_BYTES, type Reason } from "@market/contracts";
import type { ParseKeys } from "i18next";

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

/** Spec section 8, image errors: too big, too many pixels, not a valid format; any other reason is unknown. */
export const PICTURE_UPLOAD_ERROR_KEYS: Partial<Record<Reason, ParseKeys>> = {
  too_big: "FILE.TOO_BIG",
  too_many_pixels: "FILE.TOO_MANY_PIXELS",
  bad_format: "FILE.BAD_FORMAT",
  unauthorized: "GLOBAL.UNAUTHORIZED",
};
