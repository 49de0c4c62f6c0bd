import { describe, expect, it } from "vitest";
import { cardBrandName, cardExpiry, maskedCardNumber } from "./card-format";

describe("saved card format", () => {
  it("masks all but the last 4 digits", () => {
    expect(maskedCardNumber("4242")).toBe("•••• 4242");
  });

  it("pads the expiry month to 2 digits and shows the year's last two", () => {
    expect(cardExpiry(4, 2027)).toBe("04/27");
    expect(cardExpiry("04", 2027)).toBe("04/27");
    expect(cardExpiry(11, 2030)).toBe("11/30");
    expect(cardExpiry(1, 2105)).toBe("01/05");
  });

  it("names the card's brand in capitals", () => {
    expect(cardBrandName("visa")).toBe("VISA");
    expect(cardBrandName("american_express")).toBe("AMERICAN EXPRESS");
  });
});
