import { createHash } from "node:crypto";
import { CATEGORIES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { DEAL_IMAGE_HEIGHT, DEAL_IMAGE_WIDTH, drawDealImage, encodeIndexedPng } from "./images";
import { readPng } from "./png-check";
import { Random } from "./random";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("encodeIndexedPng", () => {
  it("writes a PNG that decodes back to the palette indices given", () => {
    const raw = Uint8Array.from([0, 0, 1, 2, 0, 2, 1, 0]); // 3x2: a filter byte then three indices per row
    const png = readPng(
      encodeIndexedPng(
        3,
        2,
        [
          [255, 0, 0],
          [0, 255, 0],
          [0, 0, 255],
        ],
        raw,
      ),
    );
    expect(png).toMatchObject({ width: 3, height: 2, colourType: 3, paletteSize: 3 });
    expect([...png.raw]).toEqual([...raw]);
  });

  it("refuses pixel data of the wrong size and oversized palettes", () => {
    expect(() => encodeIndexedPng(3, 2, [[0, 0, 0]], new Uint8Array(7))).toThrow("does not match");
    expect(() =>
      encodeIndexedPng(
        1,
        1,
        Array.from({ length: 257 }, () => [0, 0, 0] as const),
        new Uint8Array(2),
      ),
    ).toThrow("palette");
  });
});

describe("drawDealImage", () => {
  it("draws a small valid 640x360 PNG for every category", () => {
    const rng = new Random(7);
    for (const category of CATEGORIES) {
      const bytes = drawDealImage(rng, category);
      const png = readPng(bytes);
      expect(png).toMatchObject({ width: DEAL_IMAGE_WIDTH, height: DEAL_IMAGE_HEIGHT, colourType: 3 });
      expect(png.paletteSize).toBeLessThanOrEqual(256);
      expect(bytes.byteLength).toBeLessThan(60_000);
      // A picture, not a flat fill: several distinct colours in use.
      expect(new Set(png.raw).size).toBeGreaterThan(10);
    }
  });

  it("is the same for the same draws and differs from one draw to the next", () => {
    const first = [drawDealImage(new Random(1), "beauty"), drawDealImage(new Random(1), "beauty")];
    expect(sha(first[0] ?? new Uint8Array())).toBe(sha(first[1] ?? new Uint8Array()));
    const rng = new Random(1);
    const images = Array.from({ length: 5 }, () => sha(drawDealImage(rng, "sports")));
    expect(new Set(images).size).toBe(5);
  });

  it("colours deals of different categories differently", () => {
    const palette = (category: "electronics" | "grocery") => {
      const bytes = Buffer.from(drawDealImage(new Random(3), category));
      const at = bytes.indexOf("PLTE");
      return bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at - 4)).toString("hex");
    };
    expect(palette("electronics")).not.toBe(palette("grocery"));
  });
});
