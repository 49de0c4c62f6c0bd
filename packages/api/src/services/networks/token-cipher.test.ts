import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY, parseTokenKey, TokenDecryptError } from "./token-cipher";

const TOKEN = "EAAGm0PX4ZCpsBAKZB-secret-access-token";

/** Flips one character of a base64url part, keeping it valid base64url. */
function alter(stored: string, partIndex: number): string {
  const parts = stored.split(".");
  const part = parts[partIndex] ?? "";
  const at = Math.floor(part.length / 2);
  parts[partIndex] = `${part.slice(0, at)}${part[at] === "A" ? "B" : "A"}${part.slice(at + 1)}`;
  return parts.join(".");
}

describe("the token cipher", () => {
  const cipher = createTokenCipher(randomBytes(32));

  it("stores a value that is not the token nor holds it, and reads the token back", () => {
    const stored = cipher.encryptToken(TOKEN);
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain(Buffer.from(TOKEN).toString("base64url").slice(0, 16));
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(cipher.decryptToken(stored)).toBe(TOKEN);
  });

  it("writes a different value each time (a fresh IV), all reading back", () => {
    const [first, second] = [cipher.encryptToken(TOKEN), cipher.encryptToken(TOKEN)];
    expect(first).not.toBe(second);
    expect(cipher.decryptToken(second)).toBe(TOKEN);
  });

  it("refuses a value altered anywhere: ciphertext, IV, key id or version", () => {
    const stored = cipher.encryptToken(TOKEN);
    for (const tampered of [alter(stored, 3), alter(stored, 2), alter(stored, 1), `v2${stored.slice(2)}`]) {
      expect(() => cipher.decryptToken(tampered)).toThrow(TokenDecryptError);
    }
    expect(() => cipher.decryptToken(stored.slice(0, -4))).toThrow(TokenDecryptError);
    expect(() => cipher.decryptToken(TOKEN)).toThrow(TokenDecryptError);
  });

  it("refuses a value written under another key", () => {
    const other = createTokenCipher(randomBytes(32));
    expect(() => other.decryptToken(cipher.encryptToken(TOKEN))).toThrow(/unknown key/);
  });

  it("rotates: the new key writes, the previous one still reads", () => {
    const oldKey = randomBytes(32);
    const before = createTokenCipher(oldKey).encryptToken(TOKEN);
    const rotated = createTokenCipher(randomBytes(32), [oldKey]);
    expect(rotated.decryptToken(before)).toBe(TOKEN);
    const after = rotated.encryptToken(TOKEN);
    expect(after.split(".")[1]).not.toBe(before.split(".")[1]);
    expect(() => createTokenCipher(oldKey).decryptToken(after)).toThrow(TokenDecryptError);
  });

  it("takes only 32-byte keys", () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(DEV_NETWORK_TOKEN_KEY.byteLength).toBe(32);
  });
});

describe("parseTokenKey", () => {
  it("reads 64 hex digits, base64 and base64url of 32 bytes", () => {
    const key = randomBytes(32);
    for (const text of [key.toString("hex"), key.toString("base64"), key.toString("base64url")]) {
      expect(parseTokenKey(text)?.equals(key)).toBe(true);
    }
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "short",
      randomBytes(16).toString("hex"),
      randomBytes(33).toString("base64"),
      "g".repeat(64),
    ]) {
      expect(parseTokenKey(text)).toBeNull();
    }
  });
});
