import { describe, expect, it } from "vitest";
import { isSameOriginUpgrade } from "./upgrade-origin";

describe("isSameOriginUpgrade", () => {
  it("lets a page of the site itself open a socket, by its Host or by PUBLIC_URL", () => {
    expect(isSameOriginUpgrade({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, undefined)).toBe(true);
    expect(
      isSameOriginUpgrade({ origin: "https://market.example", host: "10.0.0.5:3000" }, "https://market.example"),
    ).toBe(true);
  });

  it("refuses another site, a lookalike port or scheme-less host, and an unreadable Origin", () => {
    const host = "market.example";
    expect(isSameOriginUpgrade({ origin: "https://evil.example", host }, "https://market.example")).toBe(false);
    expect(isSameOriginUpgrade({ origin: "https://market.example:8443", host }, "https://market.example")).toBe(false);
    expect(isSameOriginUpgrade({ origin: "null", host }, undefined)).toBe(false);
    expect(isSameOriginUpgrade({ origin: "https://market.example.evil.example", host }, undefined)).toBe(false);
  });

  it("lets a client without Origin through: no browser, so no victim's cookie", () => {
    expect(isSameOriginUpgrade({ host: "market.example" }, undefined)).toBe(true);
  });
});
