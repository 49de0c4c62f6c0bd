import { MAX_IMAGE_PIXELS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { ReasonError } from "../../errors";
import { blackPngBytes, jpegBytes } from "../../testing/images";
import { checkImage } from "./upload-picture";

/** The reason checkImage refuses the bytes with, or null when it accepts them. */
function refusal(bytes: Uint8Array) {
  try {
    checkImage(bytes);
    return null;
  } catch (error) {
    if (!(error instanceof ReasonError)) throw error;
    return error.reason;
  }
}

/** jpegBytes() with the frame's height and width set (big-endian, at the start-of-frame segment's bytes 5 to 8). */
function jpegOfSize(width: number, height: number) {
  const jpeg = jpegBytes();
  const frame = jpeg.findIndex((byte, at) => byte === 0xff && jpeg[at + 1] === 0xc2);
  jpeg.set([height >> 8, height & 0xff, width >> 8, width & 0xff], frame + 5);
  return jpeg;
}

describe("checkImage", () => {
  it(`accepts an image of ${MAX_IMAGE_PIXELS} pixels and refuses one more row with too_many_pixels`, () => {
    expect(MAX_IMAGE_PIXELS).toBe(8_000 * 5_000);
    expect(refusal(blackPngBytes(8_000, 5_000))).toBeNull();
    expect(refusal(blackPngBytes(8_000, 5_001))).toBe("too_many_pixels");
    expect(refusal(jpegOfSize(8_000, 5_000))).toBeNull();
    expect(refusal(jpegOfSize(8_000, 5_001))).toBe("too_many_pixels");
  });

  it("refuses a 20000 x 20000 PNG of 48 KB", () => {
    expect(refusal(blackPngBytes(20_000, 20_000))).toBe("too_many_pixels");
  });
});
