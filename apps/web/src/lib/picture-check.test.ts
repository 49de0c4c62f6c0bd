import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "./i18n";
import { PICTURE_UPLOAD_ERROR_KEYS, pictureProblemOf } from "./picture-check";

await loadAllTexts();

describe("pictureProblemOf", () => {
  it("accepts a PNG or a JPEG below 4194304 bytes", () => {
    expect(pictureProblemOf({ size: 4_194_303, type: "image/png" })).toBeNull();
    expect(pictureProblemOf({ size: 10, type: "image/jpeg" })).toBeNull();
  });

  it("refuses 4194304 bytes or more", () => {
    expect(pictureProblemOf({ size: 4_194_304, type: "image/png" })).toBe("too_big");
  });

  it("refuses other declared types and leaves an undeclared one to the server", () => {
    expect(pictureProblemOf({ size: 10, type: "image/gif" })).toBe("bad_format");
    expect(pictureProblemOf({ size: 10, type: "text/plain" })).toBe("bad_format");
    expect(pictureProblemOf({ size: 10, type: "" })).toBeNull();
  });
});

describe("PICTURE_UPLOAD_ERROR_KEYS", () => {
  it("tells the pixel limit of an image the server refused with too_many_pixels", () => {
    expect(i18n.t(PICTURE_UPLOAD_ERROR_KEYS.too_many_pixels ?? "FILE.UNKNOWN_ERROR")).toBe(
      "This image has too many pixels: at most 40 megapixels.",
    );
  });
});
