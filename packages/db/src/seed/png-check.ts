import { crc32, inflateSync } from "node:zlib";

/** What a PNG holds, once read by readPng. */
export interface PngInfo {
  width: number;
  height: number;
  colourType: number;
  /** Palette entries (colour type 3), empty otherwise. */
  paletteSize: number;
  /** The decompressed IDAT stream: each row's filter byte, then its samples. */
  raw: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes per pixel of the 8-bit colour types: grey, RGB, palette, grey+alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Reads a PNG strictly enough for the seed's tests to trust what a browser would show: the signature, every
 * chunk's CRC, IHDR first and IEND last, an 8-bit colour type, a palette for indexed images, and IDAT data
 * that inflates to exactly one filter byte and the samples per row, with palette indices inside the palette.
 * Throws on the first problem.
 */
export function readPng(bytes: Uint8Array): PngInfo {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!SIGNATURE.every((byte, i) => data[i] === byte)) throw new Error("no PNG signature");
  const chunks: { type: string; body: Buffer }[] = [];
  for (let at = 8; at < data.length; ) {
    if (at + 12 > data.length) throw new Error("truncated chunk");
    const length = data.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > data.length) throw new Error("truncated chunk");
    const typed = data.subarray(at + 4, at + 8 + length);
    if (crc32(typed) !== data.readUInt32BE(at + 8 + length)) throw new Error("bad chunk CRC");
    chunks.push({ type: typed.subarray(0, 4).toString("ascii"), body: typed.subarray(4) });
    at = end;
  }
  const header = chunks[0];
  if (header?.type !== "IHDR" || header.body.length !== 13) throw new Error("IHDR is not first");
  if (chunks.at(-1)?.type !== "IEND") throw new Error("IEND is not last");
  const width = header.body.readUInt32BE(0);
  const height = header.body.readUInt32BE(4);
  const [depth, colourType = -1, compression, filter, interlace] = header.body.subarray(8);
  const channels = CHANNELS[colourType];
  if (width === 0 || height === 0) throw new Error("empty image");
  if (depth !== 8 || channels === undefined || compression !== 0 || filter !== 0 || interlace !== 0) {
    throw new Error("unsupported IHDR");
  }
  const palette = chunks.find((chunk) => chunk.type === "PLTE")?.body;
  if (palette && palette.length % 3 !== 0) throw new Error("bad palette");
  const paletteSize = palette ? palette.length / 3 : 0;
  if (colourType === 3 && paletteSize === 0) throw new Error("indexed image without a palette");
  const raw = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === "IDAT").map((chunk) => chunk.body)));
  const stride = width * channels + 1;
  if (raw.length !== stride * height) throw new Error("pixel data does not match the size");
  for (let row = 0; row < raw.length; row += stride) {
    if ((raw[row] ?? 255) > 4) throw new Error("bad filter type");
    // Indices are only checkable unfiltered, which is how the seed writes them.
    if (colourType === 3 && raw[row] === 0) {
      for (let i = row + 1; i < row + stride; i++) if ((raw[i] ?? 0) >= paletteSize) throw new Error("bad index");
    }
  }
  return { width, height, colourType, paletteSize, raw };
}
