import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fakeInstagram, INSTAGRAM_TEST_ACCOUNT } from "../../../testing/msw/instagram-handlers";
import { GRAPH_API, GRAPH_VERSION } from "./graph";
import { instagramReader } from "./instagram";
import { NetworkLinkFailure } from "./ports";

/** The Instagram reader against msw handlers shaped like the Graph API's business discovery (instagram-handlers.ts). */

const reader = instagramReader(INSTAGRAM_TEST_ACCOUNT);
let instagram: ReturnType<typeof fakeInstagram>;

beforeEach(() => {
  instagram = fakeInstagram();
  mswServer.use(...instagram.handlers);
  instagram.put({
    username: "Maya.Travels",
    biography: "Travel & food. Code: K7Q2XZ",
    followers: 24_800,
    media: 612,
    recent: [
      { likes: 300, comments: 20 },
      { likes: 150, comments: 5 },
    ],
  });
});

describe("the Instagram reader", () => {
  it("reads a professional account's bio and statistics, whatever case or @ the user typed", async () => {
    expect(await reader.readProfile("@maya.travels")).toEqual({
      bio: "Travel & food. Code: K7Q2XZ",
      account: {
        identifier: "maya.travels",
        title: "@maya.travels",
        link: "https://www.instagram.com/maya.travels/",
        followers: 24_800,
        posts: 612,
        reactions: 300 + 20 + 150 + 5,
        isPrivate: false,
        hasAnalytics: true,
      },
    });
    const fields = instagram.requests[0]?.searchParams.get("fields") ?? "";
    expect(fields).toMatch(/^business_discovery\.username\(maya\.travels\)\{.*biography.*followers_count/);
  });

  it("sees the bio as it is now (the code pasted after the first read)", async () => {
    instagram.setBio("maya.travels", "new bio ABC123");
    expect((await reader.readProfile("maya.travels"))?.bio).toBe("new bio ABC123");
  });

  it("answers null for an account discovery cannot see (bad-username), without asking for a malformed name", async () => {
    expect(await reader.readProfile("no.such.account")).toBeNull();
    expect(instagram.requests).toHaveLength(1);
    for (const typed of ["", "has space", "x){id}", "a".repeat(31), "emoji😀"]) {
      expect(await reader.readProfile(typed)).toBeNull();
    }
    expect(instagram.requests).toHaveLength(1);
  });

  it("maps a refused token or an outage to unknown", async () => {
    const stale = instagramReader({ ...INSTAGRAM_TEST_ACCOUNT, accessToken: "expired" });
    await expect(stale.readProfile("maya.travels")).rejects.toMatchObject({ error: "unknown" });
    mswServer.use(http.get(`${GRAPH_API.replace(GRAPH_VERSION, ":version")}/:id`, () => HttpResponse.error()));
    await expect(reader.readProfile("maya.travels")).rejects.toBeInstanceOf(NetworkLinkFailure);
  });
});
