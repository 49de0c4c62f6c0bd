/** The image formats the product accepts (spec section 5: JPEG or PNG only). */
export type ImageFormat = "png" | "jpeg";

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { png: "image/png", jpeg: "image/jpeg" };

/** An image as its header describes it: the format and the size in pixels (both at least 1). */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The size read from a header, or null when a side is zero (no decodable image has one). */
const sized = (format: ImageFormat, width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { format, width, height } : null;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const uint32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 0x1000000 + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) + (bytes[at + 1] ?? 0);

/** A PNG's header: the signature, then the IHDR chunk first (length 13) with a non-zero width and height. */
function pngHeader(bytes: Uint8Array): ImageHeader | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 8 + 8 + 13) return null;
  if (uint32(bytes, 8) !== 13 || !startsWith(bytes, IHDR, 12)) return null;
  return sized("png", uint32(bytes, 16), uint32(bytes, 20));
}

/** Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * A JPEG's header: SOI (FF D8), then marker segments (FF xx + a length) up to a start-of-frame segment with a non-zero
 * width and height, which every decodable JPEG has before its image data.
 */
function jpegHeader(bytes: Uint8Array): ImageHeader | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes: a marker may be preceded by any number of FF.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and RST0-7. SOI again or EOI before a frame is malformed.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = uint16(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // length(2) precision(1) height(2) width(2) components(1)
      if (length < 8 || at + 2 + 8 > bytes.length) return null;
      return sized("jpeg", uint16(bytes, at + 7), uint16(bytes, at + 5));
    }
    at += 2 + length;
  }
  return null;
}

/**
 * What the bytes are and how many pixels they claim, judged by their content only (never the file's name or
 * declared type); null if neither a PNG nor a JPEG.
 */
export function detectImage(bytes: Uint8Array): ImageHeader | null {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}
