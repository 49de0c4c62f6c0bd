import { describe, expect, it } from "vitest";
import { blackPngBytes, jpegBytes, pngBytes } from "../../testing/images";
import { inlineImageType, inlineImageTypeOfPrefix } from "./inline-image";

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const bytes = (...values: (number | number[])[]) => new Uint8Array(values.flat());
/** A 1x1 GIF's header and a byte of data: the logical screen is 1x1. */
const gif = (width: number, height: number) =>
  bytes(ascii("GIF89a"), width & 0xff, width >> 8, height & 0xff, height >> 8, 0x80, 0, 0, 0, 0, 0, 0x3b);
/** A RIFF WebP container around a first chunk of `kind` whose payload is `payload`. */
const webp = (kind: string, payload: number[]) =>
  bytes(ascii("RIFF"), 0, 0, 0, 0, ascii("WEBP"), ascii(kind), payload.length, 0, 0, 0, payload, 0, 0, 0, 0);

describe("inlineImageType", () => {
  it("names a PNG, a JPEG, a GIF and a WebP by their bytes", () => {
    expect(inlineImageType(pngBytes())).toBe("image/png");
    expect(inlineImageType(jpegBytes())).toBe("image/jpeg");
    expect(inlineImageType(gif(1, 1))).toBe("image/gif");
    // Extended (VP8X: canvas 640x480, stored minus one), lossless (VP8L) and lossy (VP8 with its start code).
    expect(inlineImageType(webp("VP8X", [0, 0, 0, 0, 0x7f, 0x02, 0x00, 0xdf, 0x01, 0x00]))).toBe("image/webp");
    expect(inlineImageType(webp("VP8L", [0x2f, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0]))).toBe("image/webp");
    expect(inlineImageType(webp("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x01, 0x00, 0x01, 0x00]))).toBe("image/webp");
  });

  it("refuses what only looks like an image by its name or a few bytes: text, SVG, HTML, a cut-off header", () => {
    for (const other of [
      new TextEncoder().encode("just some text"),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      new TextEncoder().encode("<html><script>alert(1)</script></html>"),
      new TextEncoder().encode("%PDF-1.7\n"),
      bytes(0x89, 0x50, 0x4e, 0x47),
      bytes(ascii("GIF89a")),
      bytes(ascii("RIFF"), 0, 0, 0, 0, ascii("WAVE"), ascii("fmt "), Array(20).fill(0)),
      webp("VP8 ", [0, 0, 0, 0, 0, 0, 0x01, 0x00, 0x01, 0x00]),
      new Uint8Array(0),
    ]) {
      expect(inlineImageType(other)).toBeNull();
    }
  });

  it("refuses an image of zero pixels or more than MAX_IMAGE_PIXELS, which a browser would decode whole", () => {
    expect(inlineImageType(blackPngBytes(20_000, 20_000))).toBeNull();
    expect(inlineImageType(gif(0, 10))).toBeNull();
    expect(inlineImageType(gif(65_535, 65_535))).toBeNull();
    expect(inlineImageType(gif(8000, 5000))).toBe("image/gif");
    // 16384 x 16384 lossless: 14 bits of width - 1 and of height - 1, all ones.
    expect(inlineImageType(webp("VP8L", [0x2f, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe("inlineImageTypeOfPrefix", () => {
  it("waits for more bytes while they may still be one of the four formats' headers", () => {
    for (const start of [
      bytes(0x89, 0x50, 0x4e, 0x47),
      pngBytes().subarray(0, 28),
      bytes(0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x41),
      bytes(ascii("GIF8")),
      bytes(ascii("RIFF"), 1, 2, 3, 4, ascii("WE")),
      bytes(0xff),
      new Uint8Array(0),
    ]) {
      expect(inlineImageTypeOfPrefix(start)).toBeUndefined();
    }
  });

  it("decides as soon as the bytes can be no such image, or once the header is whole", () => {
    expect(inlineImageTypeOfPrefix(new TextEncoder().encode("<h"))).toBeNull();
    expect(inlineImageTypeOfPrefix(bytes(ascii("RIFF"), 0, 0, 0, 0, ascii("WAVE")))).toBeNull();
    expect(inlineImageTypeOfPrefix(bytes(ascii("GIF89b")))).toBeNull();
    expect(inlineImageTypeOfPrefix(pngBytes().subarray(0, 29))).toBe("image/png");
    expect(inlineImageTypeOfPrefix(blackPngBytes(20_000, 20_000).subarray(0, 29))).toBeNull();
  });
});
