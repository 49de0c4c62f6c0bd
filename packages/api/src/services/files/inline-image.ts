import { MAX_IMAGE_PIXELS } from "@market/contracts";
import { detectImage, IMAGE_CONTENT_TYPES } from "./image-format";

/**
 * Whether a chat file may be shown in the page (GET /files/{id}?inline=1, the chat's thumbnail) and as what type:
 * only a JPEG, PNG, GIF or WebP by its own bytes, never by the name or the type stored at upload, and of at most
 * MAX_IMAGE_PIXELS by its header, as the viewer's browser decodes the whole image to show even a thumbnail. SVG and
 * every other format are null: they stay attachments. A browser told `nosniff` and one of these types renders the
 * bytes as that image or not at all, so no script can run from them.
 */
export function inlineImageType(bytes: Uint8Array): string | null {
  const sized = imageSize(bytes);
  return sized && sized.width * sized.height <= MAX_IMAGE_PIXELS ? sized.type : null;
}

interface SizedImage {
  type: string;
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  bytes.length >= at + text.length && [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));

/** Little-endian unsigned integers of `size` bytes (GIF and WebP headers). */
const uintLE = (bytes: Uint8Array, at: number, size: number) =>
  Array.from({ length: size }, (_, index) => (bytes[at + index] ?? 0) * 2 ** (8 * index)).reduce((a, b) => a + b);

/** The four formats by their headers, each with the size it claims; null for anything else or a cut-off header. */
function imageSize(bytes: Uint8Array): SizedImage | null {
  const pngOrJpeg = detectImage(bytes);
  if (pngOrJpeg)
    return { type: IMAGE_CONTENT_TYPES[pngOrJpeg.format], width: pngOrJpeg.width, height: pngOrJpeg.height };
  // GIF: "GIF87a" or "GIF89a", then the logical screen's width and height.
  if ((startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) && bytes.length >= 10) {
    return nonEmpty("image/gif", uintLE(bytes, 6, 2), uintLE(bytes, 8, 2));
  }
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8) && bytes.length >= 30) return webpSize(bytes);
  return null;
}

const nonEmpty = (type: string, width: number, height: number): SizedImage | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

/** A WebP's canvas by its first chunk: extended (VP8X), lossless (VP8L) or lossy (VP8 with its start code). */
function webpSize(bytes: Uint8Array): SizedImage | null {
  if (startsWith(bytes, "VP8X", 12)) {
    return nonEmpty("image/webp", uintLE(bytes, 24, 3) + 1, uintLE(bytes, 27, 3) + 1);
  }
  if (startsWith(bytes, "VP8L", 12) && bytes[20] === 0x2f) {
    const bits = uintLE(bytes, 21, 4);
    return nonEmpty("image/webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(bytes, "VP8 ", 12) && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return nonEmpty("image/webp", uintLE(bytes, 26, 2) & 0x3fff, uintLE(bytes, 28, 2) & 0x3fff);
  }
  return null;
}
