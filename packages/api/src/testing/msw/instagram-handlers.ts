import { type HttpHandler, HttpResponse, http } from "msw";
import { graphError } from "./facebook-handlers";
import { bearerOf } from "./oauth-fake";

/**
 * A fake of the Instagram Graph API's business discovery, the call the Instagram reader makes, for msw (one
 * handlers file per provider): GET graph.facebook.com/{version}/{ig-user-id}?fields=business_discovery.username
 * (NAME){...}, answered for the marketplace's own account and token only. A username it cannot see (unknown,
 * personal or private) is Graph's error 110 / subcode 2207013; bios can be changed mid-test (the user pastes the
 * code), as on Instagram.
 */

export const INSTAGRAM_TEST_ACCOUNT = {
  businessAccountId: "17841400000000001",
  accessToken: "EAAinstagram-test-long-lived-token",
} as const;

export interface InstagramTestProfile {
  username: string;
  biography: string;
  followers: number;
  media: number;
  /** Likes and comments of each recent media. */
  recent?: { likes: number; comments: number }[];
}

const GRAPH = "https://graph.facebook.com";
const DISCOVERY = /^business_discovery\.username\(([^)]*)\)\{(.*)\}$/;

export function fakeInstagram(account: { businessAccountId: string; accessToken: string } = INSTAGRAM_TEST_ACCOUNT) {
  const profiles = new Map<string, InstagramTestProfile>();
  /** Every discovery request, for tests that check what the reader sent. */
  const requests: URL[] = [];

  const handlers: HttpHandler[] = [
    http.get(`${GRAPH}/:version/:igUserId`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (bearerOf(request) !== account.accessToken) return graphError("Invalid OAuth access token data.", 190);
      if (params.igUserId !== account.businessAccountId) {
        return graphError(
          `Unsupported get request. Object with ID '${String(params.igUserId)}' does not exist`,
          100,
          "GraphMethodException",
          33,
        );
      }
      const match = DISCOVERY.exec(url.searchParams.get("fields") ?? "");
      if (!match) return graphError("(#100) Tried accessing nonexisting field", 100);
      const [, username = "", fields = ""] = match;
      const profile = profiles.get(username.toLowerCase());
      if (!profile) return graphError("Invalid user id", 110, "OAuthException", 2_207_013);
      return HttpResponse.json({
        business_discovery: {
          id: `1784${profile.username.length}0000000000`,
          username: profile.username,
          ...(fields.includes("biography") ? { biography: profile.biography } : {}),
          ...(fields.includes("followers_count") ? { followers_count: profile.followers } : {}),
          ...(fields.includes("media_count") ? { media_count: profile.media } : {}),
          ...(fields.includes("media.")
            ? {
                media: {
                  data: (profile.recent ?? []).map((media, index) => ({
                    like_count: media.likes,
                    comments_count: media.comments,
                    id: `1790000000000000${index}`,
                  })),
                  paging: { cursors: { after: "QVFIUmx" } },
                },
              }
            : {}),
        },
        id: account.businessAccountId,
      });
    }),
  ];

  return {
    handlers,
    requests,
    /** Adds or replaces a professional account discovery can see. */
    put(profile: InstagramTestProfile) {
      profiles.set(profile.username.toLowerCase(), profile);
    },
    setBio(username: string, biography: string) {
      const profile = profiles.get(username.toLowerCase());
      if (!profile) throw new Error(`no test profile ${username}`);
      profile.biography = biography;
    },
  };
}
