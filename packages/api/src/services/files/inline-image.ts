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
  return inlineImageTypeOfPrefix(bytes) ?? null;
}

/**
 * inlineImageType from a file's first bytes, as they are read from its store: the type or null once the bytes
 * decide (a header read whole, or a start no image of the four has), undefined while they may still be a header.
 */
export function inlineImageTypeOfPrefix(prefix: Uint8Array): string | null | undefined {
  const sized = imageSize(prefix);
  if (sized) return sized.width * sized.height <= MAX_IMAGE_PIXELS ? sized.type : null;
  return SIGNATURES.some((signature) => beginsLike(prefix, signature)) ? undefined : null;
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** How each of the four formats starts; null stands for any byte (a RIFF container's size). */
const SIGNATURES: (number | null)[][] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  ascii("GIF87a"),
  ascii("GIF89a"),
  [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")],
];

/** The bytes agree with the signature as far as both go (so a prefix shorter than it may still be that format). */
const beginsLike = (bytes: Uint8Array, signature: (number | null)[]) =>
  signature.every((byte, index) => index >= bytes.length || byte === null || bytes[index] === byte);

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
