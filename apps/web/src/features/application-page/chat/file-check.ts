import { MAX_UPLOAD_BYTES, type Reason } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { REASON_MESSAGE_KEYS } from "../../../lib/reasons";

/**
 * A chat file's first check before it is sent (spec sections 5 and 9: below 4194304 bytes). The type is not
 * judged here: the server reads the name and the bytes, and answers `forbidden` for a dangerous file.
 */
export const chatFileProblem = (file: { size: number }): "too_big" | null =>
  file.size >= MAX_UPLOAD_BYTES ? "too_big" : null;

/** The message of a refused upload: the reason's own (too big, forbidden, chat closed...), else "unknown error". */
export const uploadErrorKey = (reason: Reason): ParseKeys =>
  reason === "generic" ? "FILE.UNKNOWN_ERROR" : REASON_MESSAGE_KEYS[reason];

const sizes = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 900 -> "900 B", 2_048 -> "2 KB", 3_400_000 -> "3.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizes.format(bytes / 1024)} KB`;
  return `${sizes.format(bytes / (1024 * 1024))} MB`;
}
