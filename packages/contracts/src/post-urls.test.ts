import { describe, expect, it } from "vitest";
import { NETWORK_TYPES, type NetworkType } from "./enums";
import { POST_URL_HINTS, parsePostUrl } from "./post-urls";

/** Accepted: [network, pasted, stored URL, post id, kind]. */
const ACCEPTED: [NetworkType, string, string, string | null, string][] = [
  // Instagram: posts, reels (and /reels/, /tv/), after the account name, without scheme, tracking dropped.
  [
    "instagram",
    "https://www.instagram.com/p/C1a2B3c4D5e/",
    "https://www.instagram.com/p/C1a2B3c4D5e/",
    "C1a2B3c4D5e",
    "post",
  ],
  [
    "instagram",
    "instagram.com/p/C1a2B3c4D5e?igsh=abc&utm_source=ig",
    "https://www.instagram.com/p/C1a2B3c4D5e/",
    "C1a2B3c4D5e",
    "post",
  ],
  [
    "instagram",
    "https://instagram.com/reel/Cx_y-Z12345/",
    "https://www.instagram.com/reel/Cx_y-Z12345/",
    "Cx_y-Z12345",
    "reel",
  ],
  [
    "instagram",
    "https://www.instagram.com/reels/Cx_y-Z12345",
    "https://www.instagram.com/reel/Cx_y-Z12345/",
    "Cx_y-Z12345",
    "reel",
  ],
  [
    "instagram",
    "http://m.instagram.com/tv/B0aBcDeFgHi/",
    "https://www.instagram.com/p/B0aBcDeFgHi/",
    "B0aBcDeFgHi",
    "post",
  ],
  [
    "instagram",
    "https://www.instagram.com/jane.doe/p/C1a2B3c4D5e/",
    "https://www.instagram.com/p/C1a2B3c4D5e/",
    "C1a2B3c4D5e",
    "post",
  ],
  // YouTube: watch, youtu.be, shorts, live, embed, mobile and music hosts; only the id kept.
  [
    "youtube",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&si=xyz",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  [
    "youtube",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  ["youtube", "youtube.com/shorts/aBcDeFgHiJk", "https://www.youtube.com/shorts/aBcDeFgHiJk", "aBcDeFgHiJk", "short"],
  [
    "youtube",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  [
    "youtube",
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  [
    "youtube",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  [
    "youtube",
    "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "video",
  ],
  // X / Twitter: both hosts, mobile, the photo suffix, /i/web/status.
  [
    "twitter",
    "https://twitter.com/jane_doe/status/1790000000000000001?s=20",
    "https://x.com/jane_doe/status/1790000000000000001",
    "1790000000000000001",
    "status",
  ],
  [
    "twitter",
    "x.com/jane_doe/status/1790000000000000001",
    "https://x.com/jane_doe/status/1790000000000000001",
    "1790000000000000001",
    "status",
  ],
  [
    "twitter",
    "https://mobile.twitter.com/jane_doe/status/1790000000000000001/photo/1",
    "https://x.com/jane_doe/status/1790000000000000001",
    "1790000000000000001",
    "status",
  ],
  [
    "twitter",
    "https://x.com/i/web/status/1790000000000000001",
    "https://x.com/i/web/status/1790000000000000001",
    "1790000000000000001",
    "status",
  ],
  // Facebook: page posts (numeric, pfbid), videos, watch, reels, permalinks, photos, share links, fb.watch.
  [
    "facebook",
    "https://www.facebook.com/janespage/posts/1234567890123",
    "https://www.facebook.com/janespage/posts/1234567890123",
    "1234567890123",
    "post",
  ],
  [
    "facebook",
    "https://m.facebook.com/janespage/posts/pfbid02abcDEF123ghiJKL456?__cft__=x",
    "https://www.facebook.com/janespage/posts/pfbid02abcDEF123ghiJKL456",
    "pfbid02abcDEF123ghiJKL456",
    "post",
  ],
  [
    "facebook",
    "https://www.facebook.com/janespage/videos/987654321/",
    "https://www.facebook.com/janespage/videos/987654321/",
    "987654321",
    "video",
  ],
  [
    "facebook",
    "https://www.facebook.com/janespage/videos/my-launch/987654321/",
    "https://www.facebook.com/janespage/videos/987654321/",
    "987654321",
    "video",
  ],
  [
    "facebook",
    "https://www.facebook.com/watch/?v=987654321",
    "https://www.facebook.com/watch/?v=987654321",
    "987654321",
    "video",
  ],
  [
    "facebook",
    "https://www.facebook.com/reel/987654321",
    "https://www.facebook.com/reel/987654321/",
    "987654321",
    "reel",
  ],
  [
    "facebook",
    "https://www.facebook.com/permalink.php?story_fbid=111&id=222",
    "https://www.facebook.com/permalink.php?story_fbid=111&id=222",
    "222_111",
    "post",
  ],
  [
    "facebook",
    "https://www.facebook.com/story.php?story_fbid=111&id=222&mibextid=abc",
    "https://www.facebook.com/permalink.php?story_fbid=111&id=222",
    "222_111",
    "post",
  ],
  [
    "facebook",
    "https://www.facebook.com/photo/?fbid=333&set=a.1",
    "https://www.facebook.com/photo/?fbid=333",
    "333",
    "post",
  ],
  [
    "facebook",
    "https://www.facebook.com/share/p/1AbCdEfGh/",
    "https://www.facebook.com/share/p/1AbCdEfGh/",
    null,
    "post",
  ],
  ["facebook", "https://fb.watch/aBc12_xYz/", "https://fb.watch/aBc12_xYz/", null, "video"],
  // Snapchat: any path on its hosts, a Spotlight's id.
  [
    "snapchat",
    "https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYa2VzZ2t6?utm_campaign=x",
    "https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYa2VzZ2t6",
    "W7_EDlXWTBiXAEEniNoMPwAAYa2VzZ2t6",
    "video",
  ],
  ["snapchat", "https://story.snapchat.com/p/abc-123/456", "https://story.snapchat.com/p/abc-123/456", null, "story"],
  ["snapchat", "https://t.snapchat.com/AbCdEf", "https://t.snapchat.com/AbCdEf", null, "story"],
  // Pinterest: pins on the main and country hosts, pin.it.
  [
    "pinterest",
    "https://www.pinterest.com/pin/123456789012345678/",
    "https://www.pinterest.com/pin/123456789012345678/",
    "123456789012345678",
    "pin",
  ],
  [
    "pinterest",
    "https://fr.pinterest.com/pin/123456789012345678/?nic_v3=1",
    "https://www.pinterest.com/pin/123456789012345678/",
    "123456789012345678",
    "pin",
  ],
  [
    "pinterest",
    "https://www.pinterest.co.uk/pin/123456789012345678",
    "https://www.pinterest.com/pin/123456789012345678/",
    "123456789012345678",
    "pin",
  ],
  ["pinterest", "https://pin.it/1a2B3c4D", "https://pin.it/1a2B3c4D", null, "pin"],
  // Tumblr: the blog's host and tumblr.com/{blog}.
  [
    "tumblr",
    "https://janedoe.tumblr.com/post/712345678901234567/my-launch",
    "https://www.tumblr.com/janedoe/712345678901234567",
    "712345678901234567",
    "post",
  ],
  [
    "tumblr",
    "https://www.tumblr.com/janedoe/712345678901234567",
    "https://www.tumblr.com/janedoe/712345678901234567",
    "712345678901234567",
    "post",
  ],
  // Blog: any https page of a public host, tracking and fragment dropped, other parameters kept.
  [
    "blog",
    "https://janedoe.com/2026/launch?utm_source=x&page=2#comments",
    "https://janedoe.com/2026/launch?page=2",
    null,
    "page",
  ],
  ["blog", "blog.example.co.uk/post", "https://blog.example.co.uk/post", null, "page"],
];

/** Refused: [network, pasted]. */
const REFUSED: [NetworkType, string][] = [
  ["instagram", ""],
  ["instagram", "   "],
  ["instagram", "https://www.instagram.com/jane.doe/"],
  ["instagram", "https://www.instagram.com/stories/jane.doe/123/"],
  ["instagram", "https://www.instagram.com/p/"],
  ["instagram", "https://www.instagram.com/p/abc/"],
  ["instagram", "https://instagram.com.evil.com/p/C1a2B3c4D5e/"],
  ["instagram", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
  ["instagram", "ftp://instagram.com/p/C1a2B3c4D5e/"],
  ["instagram", "javascript:alert(1)"],
  ["instagram", "https://user:pass@instagram.com/p/C1a2B3c4D5e/"],
  ["instagram", "https://instagram.com:8080/p/C1a2B3c4D5e/"],
  ["instagram", "https://instagram.com/p/C1a2B3 c4D5e/"],
  ["youtube", "https://www.youtube.com/@janedoe"],
  ["youtube", "https://www.youtube.com/watch?v=short"],
  ["youtube", "https://www.youtube.com/watch"],
  ["youtube", "https://youtu.be/"],
  ["youtube", "https://youtu.be/dQw4w9WgXcQ/extra"],
  ["youtube", "https://www.youtube.com/shorts/"],
  ["youtube", "https://www.youtube.com/playlist?list=PL123"],
  ["youtube", "https://vimeo.com/123456"],
  ["twitter", "https://x.com/jane_doe"],
  ["twitter", "https://x.com/jane_doe/status/abc"],
  ["twitter", "https://x.com/this_name_is_far_too_long/status/1790000000000000001"],
  ["twitter", "https://threads.net/@jane/post/1"],
  ["facebook", "https://www.facebook.com/janespage"],
  ["facebook", "https://www.facebook.com/janespage/posts/"],
  ["facebook", "https://www.facebook.com/permalink.php?story_fbid=111"],
  ["facebook", "https://www.facebook.com/watch/?v=abc"],
  ["facebook", "https://fb.watch/"],
  ["facebook", "https://notfacebook.com/janespage/posts/123"],
  ["snapchat", "https://www.snapchat.com/"],
  ["snapchat", "https://snapchat.evil.com/add/jane"],
  ["pinterest", "https://www.pinterest.com/janedoe/"],
  ["pinterest", "https://www.pinterest.com/pin/abc/"],
  ["pinterest", "https://pinterest.evil.com/pin/123/"],
  ["tumblr", "https://janedoe.tumblr.com/"],
  ["tumblr", "https://www.tumblr.com/janedoe"],
  ["tumblr", "https://janedoe.tumblr.com/post/abc"],
  ["blog", "http://janedoe.com/post"],
  ["blog", "https://localhost/post"],
  ["blog", "https://127.0.0.1/post"],
  ["blog", "https://intranet/post"],
  ["blog", "https://printer.local/post"],
  ["blog", `https://janedoe.com/${"a".repeat(2_000)}`],
];

describe("parsePostUrl", () => {
  it.each(ACCEPTED)("%s accepts %s", (network, pasted, url, postId, kind) => {
    expect(parsePostUrl(network, pasted)).toEqual({ ok: true, url, postId, kind });
  });

  it.each(REFUSED)("%s refuses %j with the network's hint", (network, pasted) => {
    expect(parsePostUrl(network, pasted)).toEqual({ ok: false, message: POST_URL_HINTS[network] });
  });

  it("covers every network both ways", () => {
    for (const network of NETWORK_TYPES) {
      expect(
        ACCEPTED.some(([n]) => n === network),
        network,
      ).toBe(true);
      expect(
        REFUSED.some(([n]) => n === network),
        network,
      ).toBe(true);
    }
  });

  it("reads a stored URL as itself (normalizing is idempotent)", () => {
    for (const [network, , url, postId, kind] of ACCEPTED) {
      expect(parsePostUrl(network, url), url).toEqual({ ok: true, url, postId, kind });
    }
  });

  it("refuses every network's post on every other network (blog aside, which takes any https page)", () => {
    for (const [network, , url] of ACCEPTED) {
      for (const other of NETWORK_TYPES) {
        if (other === network || other === "blog") continue;
        expect(parsePostUrl(other, url).ok, `${other} <- ${url}`).toBe(false);
      }
    }
  });
});
