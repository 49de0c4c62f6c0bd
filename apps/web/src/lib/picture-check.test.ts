import { describe, expect, it } from "vitest";
import { pictureProblemOf } from "./picture-check";

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
