import { describe, expect, it } from "vitest";
import { urlToOpen } from "./url-to-open";

describe("urlToOpen", () => {
  it("names the address the server listens on", () => {
    expect(urlToOpen({ host: "127.0.0.1", port: 3000 })).toBe("http://127.0.0.1:3000");
    expect(urlToOpen({ host: "localhost", port: 8080 })).toBe("http://localhost:8080");
    expect(urlToOpen({ host: "192.168.1.20", port: 3000 })).toBe("http://192.168.1.20:3000");
  });

  it("names loopback when the server listens on every interface", () => {
    expect(urlToOpen({ host: "0.0.0.0", port: 3000 })).toBe("http://127.0.0.1:3000");
    expect(urlToOpen({ host: "::", port: 3000 })).toBe("http://[::1]:3000");
  });

  it("puts an IPv6 address in brackets", () => {
    expect(urlToOpen({ host: "::1", port: 3000 })).toBe("http://[::1]:3000");
    expect(urlToOpen({ host: "fe80::1", port: 4000 })).toBe("http://[fe80::1]:4000");
  });

  it("prefers the public origin when one is set", () => {
    expect(urlToOpen({ publicUrl: "https://market.example", host: "0.0.0.0", port: 3000 })).toBe(
      "https://market.example",
    );
  });
});
