import { parsePostUrl, SANDBOX_MINE_POST_URLS } from "@market/contracts";
import { SANDBOX_CONFLICT_ACCOUNTS, SANDBOX_DEMO_ACCOUNTS, SANDBOX_DEMO_INSTAGRAM } from "@market/db";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { judgePost, type PostToVerify } from "./ports";
import { SANDBOX_POST_URLS, sandboxPostVerifiers } from "./sandbox";

/** The network sandbox's posts (issue 37): its catalogue's own, another account's, an old one, unknown, down. */

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const verifiers = sandboxPostVerifiers(clock);
const HIRED_AT = new Date("2025-12-01T00:00:00Z");
const DEMO = {
  youtube: SANDBOX_DEMO_ACCOUNTS.youtube[0].identifier,
  instagram: SANDBOX_DEMO_INSTAGRAM.identifier,
  twitter: SANDBOX_DEMO_ACCOUNTS.twitter[0].identifier,
  facebook: SANDBOX_DEMO_ACCOUNTS.facebook[0].identifier,
};

function toVerify(network: keyof typeof DEMO, url: string): PostToVerify {
  const read = parsePostUrl(network, url);
  if (!read.ok || !read.postId) throw new Error(`not a post URL: ${url}`);
  return { network, url: read.url, postId: read.postId };
}

describe("the sandbox's post verifiers", () => {
  it.each(Object.keys(DEMO) as (keyof typeof DEMO)[])(
    "%s: own, other account, before the hire, unknown",
    async (network) => {
      const account = { identifier: DEMO[network], accessToken: null };
      const state = async (url: string) =>
        judgePost(await verifiers[network].lookUp(toVerify(network, url), account), account, HIRED_AT).state;
      const urls = SANDBOX_POST_URLS[network];
      expect(await state(urls.own)).toBe("verified");
      expect(await state(urls.other)).toBe("other_account");
      expect(await state(urls.old)).toBe("before_hire");
      expect(await state(urls.unknown)).toBe("not_found");
      // "mine" posts are whichever account's is linked, published now.
      const stranger = { identifier: SANDBOX_CONFLICT_ACCOUNTS[network].identifier, accessToken: null };
      const mine = await verifiers[network].lookUp(toVerify(network, SANDBOX_MINE_POST_URLS[network]), stranger);
      expect(judgePost(mine, stranger, clock.now()).state).toBe("verified");
    },
  );

  it("answers an outage for an id beginning with down, and unverifiable for the networks without an API", async () => {
    const account = { identifier: DEMO.youtube, accessToken: null };
    const down = toVerify("youtube", "https://youtu.be/downVideo01");
    expect((await verifiers.youtube.lookUp(down, account)).state).toBe("unavailable");
    for (const network of ["snapchat", "pinterest", "tumblr", "blog"] as const) {
      const answer = await verifiers[network].lookUp({ network, url: "https://x.example/", postId: "1" }, account);
      expect(answer.state, network).toBe("unverifiable");
    }
  });
});
