import { generateCodeVerifier, generateState } from "arctic";
import type { HttpHandler } from "msw";
import { beforeEach, expect } from "vitest";
import { mswServer } from "../../../../scripts/test-setup/msw";
import { NetworkLinkFailure, type OAuthNetworkProvider } from "../services/networks/providers/ports";

/**
 * What the OAuth adapters' tests (providers/facebook, twitter, youtube) share: a fresh fake of the provider served
 * by msw for each test, the browser's round trip through its consent page, and the failure a call ends with.
 */

/** A provider's fake as the tests drive it (testing/msw/*-handlers.ts): its handlers and its consent page. */
interface ProviderFake<User> {
  handlers: HttpHandler[];
  consent(authorizationUrl: URL, user: User): URL;
}

/** `provider` against a new `makeFake()` each test; `fake` is the current test's. */
export function oauthBench<User, Fake extends ProviderFake<User>>(
  provider: OAuthNetworkProvider,
  makeFake: () => Fake,
) {
  let current: Fake | null = null;
  beforeEach(() => {
    current = makeFake();
    mswServer.use(...current.handlers);
  });
  const fake = (): Fake => {
    if (!current) throw new Error("oauthBench: the fake is made before each test");
    return current;
  };

  /** The consent of `user` on the URL the adapter builds: the URL, its PKCE verifier and the callback's code. */
  const consent = (user: User, adapter = provider) => {
    const verifier = generateCodeVerifier();
    const url = adapter.authorizationUrl(generateState(), verifier, "https://ignored.example");
    return { verifier, url, code: fake().consent(url, user).searchParams.get("code") ?? "" };
  };

  return {
    get fake() {
      return fake();
    },
    consent,
    /** The tokens the adapter trades the user's consent for. */
    async link(user: User, adapter = provider) {
      const { verifier, code } = consent(user, adapter);
      return adapter.exchangeCode(code, verifier);
    },
  };
}

/** The reason a linking call failed with; fails the test when it succeeded or threw anything but NetworkLinkFailure. */
export async function linkFailureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NetworkLinkFailure);
  return (error as NetworkLinkFailure).error;
}
