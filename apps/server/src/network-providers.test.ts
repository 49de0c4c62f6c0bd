import { randomBytes } from "node:crypto";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "@market/api";
import type { Db } from "@market/db";
import { describe, expect, it } from "vitest";
import { type Env, loadEnv } from "./env";
import { networkProvidersFrom, tokenCipherFrom } from "./network-providers";

/** The sandbox reader keeps the database for later; choosing providers never queries it. */
const deps = { db: {} as Db, clock: { now: () => new Date("2026-03-01T10:00:00Z") } };
const ORIGIN = "https://market.example";
const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: ORIGIN,
  SEARCH_ID_SECRET: "0123456789abcdef0123456789abcdef",
  NETWORK_TOKEN_KEY: randomBytes(32).toString("hex"),
  PAYMENTS_SANDBOX_IN_PRODUCTION: "1",
};

describe("networkProvidersFrom", () => {
  it("puts every network on its sandbox on a fresh machine", () => {
    const { providers, kinds } = networkProvidersFrom(loadEnv({}), deps);
    expect(kinds).toEqual({ facebook: "sandbox", twitter: "sandbox", youtube: "sandbox", instagram: "sandbox" });
    expect(Object.values(providers.oauth).every((provider) => provider.sandbox)).toBe(true);
    expect(providers.instagram.sandbox).toBe(true);
  });

  it("uses a network's real adapter once its app is configured, redirecting to PUBLIC_URL's callback", () => {
    const env = loadEnv({ PUBLIC_URL: ORIGIN, GOOGLE_CLIENT_ID: "google-id", GOOGLE_CLIENT_SECRET: "google-secret" });
    const { providers, kinds } = networkProvidersFrom(env, deps);
    expect(kinds).toMatchObject({ youtube: "real", twitter: "sandbox" });
    const url = providers.oauth.youtube.authorizationUrl("st", "verifier-verifier-verifier-verifier-verif", "http://x");
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("google-id");
    expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/youtube/callback`);
  });

  it("has no sandbox in production unless allowed: a network not configured is unavailable", () => {
    const { providers, kinds } = networkProvidersFrom(loadEnv(PRODUCTION), deps);
    expect(kinds).toEqual({
      facebook: "unavailable",
      twitter: "unavailable",
      youtube: "unavailable",
      instagram: "unavailable",
    });
    const url = providers.oauth.twitter.authorizationUrl("st", "v", ORIGIN);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/auth/twitter/callback`);
    expect(url.searchParams.get("error")).toBe("temporarily_unavailable");
    const allowed = networkProvidersFrom(loadEnv({ ...PRODUCTION, NETWORKS_SANDBOX_IN_PRODUCTION: "1" }), deps);
    expect(allowed.kinds.facebook).toBe("sandbox");
  });

  it("reads Instagram through business discovery once its account is configured, its token checkable", async () => {
    const env = loadEnv({ INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841400000000001", INSTAGRAM_ACCESS_TOKEN: "token" });
    const { providers, kinds } = networkProvidersFrom(env, deps);
    expect(kinds.instagram).toBe("real");
    expect(providers.instagram.sandbox).toBe(false);
    // Without the Facebook app the check cannot run: the sweep alerts that rather than staying silent.
    expect(await providers.instagram.checkToken?.()).toMatchObject({ state: "unchecked" });
  });

  it("checks Instagram and Facebook posts on their APIs once configured, on the sandbox's catalogue otherwise", async () => {
    const mine = { identifier: "", accessToken: null };
    const lookUp = (
      providers: ReturnType<typeof networkProvidersFrom>["providers"],
      network: "instagram" | "facebook",
    ) =>
      providers.posts?.[network].lookUp(
        { network, url: "https://www.facebook.com/reel/9000000000000999/", postId: "minePost0999" },
        mine,
      );
    const sandbox = networkProvidersFrom(loadEnv({}), deps).providers;
    expect((await lookUp(sandbox, "instagram"))?.state).toBe("found");
    expect((await lookUp(sandbox, "facebook"))?.state).toBe("found");
    const env = loadEnv({
      PUBLIC_URL: ORIGIN,
      FACEBOOK_CLIENT_ID: "fb-id",
      FACEBOOK_CLIENT_SECRET: "fb-secret",
      INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841400000000001",
      INSTAGRAM_ACCESS_TOKEN: "token",
    });
    const real = networkProvidersFrom(env, deps).providers;
    // The real adapters refuse before any call: no username to discover, no Page token to read with.
    expect(await lookUp(real, "instagram")).toMatchObject({
      state: "unverifiable",
      reason: expect.stringContaining("username"),
    });
    expect(await lookUp(real, "facebook")).toMatchObject({
      state: "unverifiable",
      reason: expect.stringContaining("Page token"),
    });
  });
});

describe("tokenCipherFrom", () => {
  it("encrypts with NETWORK_TOKEN_KEY and still reads tokens of the keys it replaced", () => {
    const oldKey = randomBytes(32);
    const stored = createTokenCipher(oldKey).encryptToken("token");
    const env = {
      NETWORK_TOKEN_KEY: randomBytes(32).toString("base64"),
      NETWORK_TOKEN_PREVIOUS_KEYS: oldKey.toString("hex"),
    };
    expect(tokenCipherFrom(env).decryptToken(stored)).toBe("token");
    expect(() => createTokenCipher(oldKey).decryptToken(tokenCipherFrom(env).encryptToken("token"))).toThrow();
  });

  it("falls back to the development key outside production", () => {
    const stored = tokenCipherFrom({} satisfies Partial<Env>).encryptToken("token");
    expect(createTokenCipher(DEV_NETWORK_TOKEN_KEY).decryptToken(stored)).toBe("token");
  });
});
