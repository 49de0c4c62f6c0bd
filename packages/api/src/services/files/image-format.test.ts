import { describe, expect, it } from "vitest";
import { blackPngBytes, jpegBytes, pngBytes } from "../../testing/images";
import { detectImage } from "./image-format";

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("detectImage", () => {
  it("recognizes a PNG and a JPEG by their content, with the size their header gives", () => {
    expect(detectImage(pngBytes({ width: 3, height: 2 }))).toEqual({ format: "png", width: 3, height: 2 });
    expect(detectImage(jpegBytes())).toEqual({ format: "jpeg", width: 1, height: 1 });
  });

  it("reads a baseline JPEG's size from its frame, which follows several segments", () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46];
    const comment = [0xff, 0xfe, 0x00, 0x05, 0x68, 0x69, 0x21];
    // Height 0x0010 then width 0x0120.
    const frame = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x01, 0x20, 0x01, 0x01, 0x11, 0x00];
    expect(detectImage(bytes(0xff, 0xd8, ...app0, ...comment, ...frame))).toEqual({
      format: "jpeg",
      width: 288,
      height: 16,
    });
  });

  it("reads the size a PNG claims, however few bytes it has", () => {
    const bomb = blackPngBytes(20_000, 20_000);
    expect(bomb.length).toBeLessThan(50_000);
    expect(detectImage(bomb)).toEqual({ format: "png", width: 20_000, height: 20_000 });
  });

  it.each([
    ["an empty file", bytes()],
    ["text", new TextEncoder().encode("hello, this is not a picture at all")],
    ["the PNG signature alone", bytes(...PNG_SIGNATURE)],
    [
      "a PNG whose first chunk is not IHDR",
      bytes(...PNG_SIGNATURE, 0, 0, 0, 13, ...[0x49, 0x44, 0x41, 0x54], ...Array(17).fill(1)),
    ],
    [
      "a PNG of zero width",
      (() => {
        const png = pngBytes();
        png.set([0, 0, 0, 0], 16);
        return png;
      })(),
    ],
    ["the JPEG magic bytes alone", bytes(0xff, 0xd8, 0xff)],
    ["a JPEG that ends before a frame", bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a)],
    ["a JPEG with a scan before any frame", bytes(0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 1, 1, 1, 1)],
    [
      "a JPEG frame of zero width",
      bytes(0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x00, 0x01, 0x01, 0x11, 0x00),
    ],
    ["a GIF", new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
    ["a PNG signature after a byte", bytes(0, ...pngBytes())],
  ])("refuses %s", (_, content) => {
    expect(detectImage(content)).toBeNull();
  });
});
