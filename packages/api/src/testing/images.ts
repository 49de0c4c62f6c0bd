import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A real, decodable PNG of one colour (RGB, 8 bits). `padTo` appends an ancillary chunk so the file has exactly
 * that many bytes (at least the image's own size plus 12).
 */
export function pngBytes(
  options: { width?: number; height?: number; rgb?: [number, number, number]; padTo?: number } = {},
) {
  const { width = 2, height = 2, rgb = [79, 70, 229] } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
  ];
  const end = chunk("IEND", new Uint8Array(0));
  const size = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
  if (options.padTo !== undefined) {
    const padding = options.padTo - size - 12;
    if (padding < 0) throw new Error(`a PNG cannot be as small as ${options.padTo} bytes`);
    parts.push(chunk("prVt", Buffer.alloc(padding)));
  }
  return new Uint8Array(Buffer.concat([...parts, end]));
}

/**
 * A real, decodable black PNG of one bit per pixel: many pixels in few bytes, as a decompression bomb has them
 * (20000 x 20000 in 48 KB, which takes 1.6 GB to show).
 */
export function blackPngBytes(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 1, grayscale, the default compression, filter and no interlace.
  header.set([1, 0, 0, 0, 0], 8);
  // Each row: filter type 0 then its bits, all 0 (black).
  const pixels = deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", pixels),
      chunk("IEND", new Uint8Array(0)),
    ]),
  );
}

/** A well-known 1x1 JPEG (SOI, JFIF, quantization table, progressive frame, Huffman table, scan). */
export function jpegBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.from(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
      "base64",
    ),
  );
}
