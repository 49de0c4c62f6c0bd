import { formatUsd } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { pdfText } from "./receipt-text";

describe("pdfText", () => {
  it("keeps what WinAnsi prints: ASCII, Latin-1, the typographic quotes and dashes", () => {
    expect(pdfText("Café “Été” – 50 % € naïve")).toBe("Café “Été” – 50 % € naïve");
  });

  it("writes formatUsd's minus sign as a hyphen, so a refund reads -$110.00", () => {
    expect(pdfText(formatUsd(-11_000))).toBe("-$110.00");
  });

  it("drops the accents WinAnsi lacks and spells the letters decomposition does not name", () => {
    expect(pdfText("Łódź Šťastný Dvořák")).toBe("Lódz Štastný Dvorák");
  });

  it("prints another script or an emoji as ?, and a line break as a space", () => {
    expect(pdfText("東京 🎉\nok")).toBe("?? ? ok");
  });
});
