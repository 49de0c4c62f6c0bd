import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignature } from "./signature";

const SECRET = "whsec_test";
const BODY = '{"id":"evt_1","type":"ping","created":1780000000,"data":{}}';

describe("the Market-Signature header", () => {
  it("is t=<unix>,v1=<hex HMAC-SHA256 of '<t>.<body>'>", () => {
    const expected = createHmac("sha256", SECRET).update(`1780000000.${BODY}`).digest("hex");
    expect(signatureHeader(SECRET, BODY, 1_780_000_000)).toBe(`t=1780000000,v1=${expected}`);
  });

  it("verifies for the same secret and body within the tolerance", () => {
    expect(verifySignature(SECRET, BODY, signatureHeader(SECRET, BODY, 1_780_000_000), 1_780_000_100)).toBe(true);
  });

  it("fails for another secret, a changed body, a stale timestamp or a malformed header", () => {
    const header = signatureHeader(SECRET, BODY, 1_780_000_000);
    expect(verifySignature("whsec_other", BODY, header, 1_780_000_000)).toBe(false);
    expect(verifySignature(SECRET, `${BODY} `, header, 1_780_000_000)).toBe(false);
    expect(verifySignature(SECRET, BODY, header, 1_780_000_000 + 301)).toBe(false);
    expect(verifySignature(SECRET, BODY, "v1=abc", 1_780_000_000)).toBe(false);
    // The time is inside the signed text: moving it forward breaks the signature.
    expect(verifySignature(SECRET, BODY, header.replace("t=1780000000", "t=1780000200"), 1_780_000_200)).toBe(false);
  });

  it("carries one v1 per secret during a roll's grace, each verifying with its own secret", () => {
    const header = signatureHeader(["whsec_new", SECRET], BODY, 1_780_000_000);
    expect(header.split(",").filter((part) => part.startsWith("v1="))).toHaveLength(2);
    expect(header.startsWith(`${signatureHeader("whsec_new", BODY, 1_780_000_000)},v1=`)).toBe(true);
    expect(verifySignature("whsec_new", BODY, header, 1_780_000_000)).toBe(true);
    expect(verifySignature(SECRET, BODY, header, 1_780_000_000)).toBe(true);
    expect(verifySignature("whsec_other", BODY, header, 1_780_000_000)).toBe(false);
  });
});
