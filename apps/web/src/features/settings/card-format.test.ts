import { describe, expect, it } from "vitest";
import { cardExpiry, maskedCardNumber } from "./card-format";

describe("saved card format", () => {
  it("masks all but the last 4 digits", () => {
    expect(maskedCardNumber("4242")).toBe("•••• 4242");
  });

  it("pads the expiry month to 2 digits", () => {
    expect(cardExpiry(4, 2027)).toBe("04/2027");
    expect(cardExpiry(11, 2030)).toBe("11/2030");
  });
});
