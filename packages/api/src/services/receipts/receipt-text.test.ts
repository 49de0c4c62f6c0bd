import { formatUsd } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { pdfText } from "./receipt-text";

describe("pdfText", () => {
  it("keeps Latin with its accents, the typographic quotes and dashes, Greek and Cyrillic", () => {
    expect(pdfText("Café “Été” – 50 % € naïve")).toBe("Café “Été” – 50 % € naïve");
    expect(pdfText("Łódź Šťastný Dvořák")).toBe("Łódź Šťastný Dvořák");
    expect(pdfText("Дмитрий Σοφία")).toBe("Дмитрий Σοφία");
  });

  it("keeps formatUsd's minus sign, so a refund reads −$110.00", () => {
    expect(pdfText(formatUsd(-11_000))).toBe("\u2212$110.00");
  });

  it("prints a script the fonts lack or an emoji as ?, and a line break or a control character as a space or ?", () => {
    expect(pdfText("東京 🎉\nok")).toBe("?? ? ok");
    expect(pdfText("a\u0007b")).toBe("a?b");
  });

  it("writes a letter the fonts lack in its plain form when the fonts have that", () => {
    // U+210A (script small g) is not in DejaVu; its compatibility form "g" is. U+A7C0 has no such form.
    expect(pdfText("\u210A-\uA7C0")).toBe("g-?");
  });
});
