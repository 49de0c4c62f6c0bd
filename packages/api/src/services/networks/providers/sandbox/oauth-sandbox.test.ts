import { createHash } from "node:crypto";
import { SANDBOX_CONFLICT_ACCOUNTS } from "@market/db";
import { generateCodeVerifier, generateState } from "arctic";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../../clock";
import { linkFailureOf } from "../../../../testing/oauth-adapter";
import type { OAuthNetworkType } from "../ports";
import { SANDBOX_OAUTH_SAMPLES } from "./catalogue";
import { sandboxAuthorizationCode, sandboxOAuthProvider } from "./oauth-sandbox";

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));
const ORIGIN = "http://localhost:5173";

/** What the consent page does when the user picks a sample: the code carries the challenge of the URL. */
function pick(type: OAuthNetworkType, sampleId: string) {
  const provider = sandboxOAuthProvider(type, clock);
  const verifier = generateCodeVerifier();
  const url = provider.authorizationUrl(generateState(), verifier, ORIGIN);
  const code = sandboxAuthorizationCode(sampleId, url.searchParams.get("code_challenge") ?? "");
  return { provider, verifier, url, code };
}

describe("the OAuth sandbox", () => {
  it("sends the browser to its consent page on the site the browser is on, with state and an S256 challenge", () => {
    const provider = sandboxOAuthProvider("youtube", clock);
    const verifier = generateCodeVerifier();
    const url = provider.authorizationUrl("the-state", verifier, ORIGIN);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe("/auth/sandbox/youtube");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: "the-state",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      redirect_uri: `${ORIGIN}/auth/youtube/callback`,
    });
  });

  it("trades a picked sample's code for tokens that read its accounts", async () => {
    const { provider, verifier, code } = pick("twitter", "creator");
    const tokens = await provider.exchangeCode(code, verifier);
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.expiresAt).toEqual(new Date(clock.now().getTime() + 2 * 3_600_000));
    const accounts = await provider.readAccounts(tokens);
    expect(accounts).toEqual([expect.objectContaining({ title: "@jordanlee_eats", followers: 15_820 })]);
  });

  it("refuses a code whose verifier does not match, or that names no sample", async () => {
    const { provider, code } = pick("youtube", "channel");
    expect(await linkFailureOf(provider.exchangeCode(code, generateCodeVerifier()))).toBe("unknown");
    const other = pick("youtube", "no-such-sample");
    expect(await linkFailureOf(other.provider.exchangeCode(other.code, other.verifier))).toBe("unknown");
    expect(await linkFailureOf(provider.exchangeCode("garbage", "x"))).toBe("unknown");
  });

  it("refreshes with its refresh token, and refuses another provider's tokens", async () => {
    const { provider, verifier, code } = pick("youtube", "channel");
    const tokens = await provider.exchangeCode(code, verifier);
    const refreshed = await provider.refreshTokens(tokens.refreshToken ?? "");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(await provider.readAccounts(refreshed)).toHaveLength(1);
    const twitter = sandboxOAuthProvider("twitter", clock);
    expect(await linkFailureOf(twitter.readAccounts(tokens))).toBe("unknown");
    expect(await linkFailureOf(twitter.refreshTokens(tokens.refreshToken ?? ""))).toBe("unknown");
  });

  it("gives facebook no refresh token, like Facebook", async () => {
    const { provider, verifier, code } = pick("facebook", "page-owner");
    expect((await provider.exchangeCode(code, verifier)).refreshToken).toBeNull();
  });

  it("offers every case of spec section 8 a provider can cause", async () => {
    const read = async (type: OAuthNetworkType, sampleId: string) => {
      const { provider, verifier, code } = pick(type, sampleId);
      return provider.readAccounts(await provider.exchangeCode(code, verifier));
    };
    expect((await read("facebook", "page-owner"))[0]?.followers).toBeGreaterThan(2_000);
    expect((await read("facebook", "small-page"))[0]?.followers).toBeLessThan(2_000);
    expect(await read("facebook", "no-page")).toEqual([]);
    expect(await linkFailureOf(read("facebook", "broken"))).toBe("fb-broken");
    expect((await read("twitter", "small"))[0]?.followers).toBeLessThan(2_000);
    expect((await read("twitter", "protected"))[0]?.isPrivate).toBe(true);
    expect((await read("youtube", "hidden-subscribers"))[0]?.hasAnalytics).toBe(false);
    expect((await read("youtube", "private"))[0]?.isPrivate).toBe(true);
    expect(await read("youtube", "no-channel")).toEqual([]);
    for (const type of ["facebook", "twitter", "youtube"] as const) {
      const [conflicting] = await read(type, "conflict");
      expect(conflicting?.identifier).toBe(SANDBOX_CONFLICT_ACCOUNTS[type].identifier);
      expect(conflicting?.followers).toBeGreaterThan(2_000);
    }
  });

  it("names each sample once, with ids a code can carry", () => {
    for (const samples of Object.values(SANDBOX_OAUTH_SAMPLES)) {
      const ids = samples.map((sample) => sample.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });
});
