import type { NetworkType } from "./enums";

/**
 * The published post's URL a delivery names, per network (issue 37): which hosts and URL shapes count as a post of
 * that network, the URL as stored (normalized: https, the canonical host, tracking parameters and fragments dropped)
 * and the post's id where the URL carries one (what the network's API is asked about). Pure, shared by the
 * work-done modal and the server, so the modal refuses what the server would.
 *
 * Shapes accepted (a scheme-less "instagram.com/p/x" is read as https):
 * - instagram: /p/{code}, /reel/{code}, /reels/{code}, /tv/{code} (optionally after /{username}); id = shortcode.
 * - youtube:   youtube.com/watch?v={id}, /shorts/{id}, /live/{id}, /embed/{id}, youtu.be/{id}; id = the 11-char id.
 * - twitter:   twitter.com|x.com/{user}/status/{id}, /i/web/status/{id}; id = the status id (digits).
 * - facebook:  /{page}/posts/{id}, /{page}/videos/{id}, /watch?v={id}, /reel/{id}, /permalink.php and /story.php
 *              (story_fbid), /photo?fbid= (photo.php), /share/{p|v|r}/{code}, fb.watch/{code}; id = the numeric or
 *              pfbid id when the URL carries it, null for share links (no API reads them).
 * - snapchat:  any path on snapchat.com (story., t., www.); id = the Spotlight id for /spotlight/{id}, else null.
 * - pinterest: /pin/{id} on pinterest.com or a country host (pinterest.co.uk, fr.pinterest.com), pin.it/{code}.
 * - tumblr:    {blog}.tumblr.com/post/{id}[/slug], tumblr.com/{blog}/{id}[/slug]; id = the post id.
 * - blog:      any https URL on a public host name (no IP, no localhost, a dot in the name); id = null. Only https:
 *              a page served without TLS can be altered on the way, and every blog host today serves https.
 */

/** Longest URL accepted (browsers and the networks themselves stay well below). */
export const POST_URL_MAX_LENGTH = 2_000;

/** What a post URL is, for the preview's wording ("YouTube short", "Instagram reel"). */
export const POST_KINDS = ["post", "reel", "video", "short", "status", "pin", "story", "page"] as const;
export type PostKind = (typeof POST_KINDS)[number];

export type PostUrl = { url: string; postId: string | null; kind: PostKind };
export type PostUrlResult = ({ ok: true } & PostUrl) | { ok: false; message: string };

/** The networks' names as the messages say them. */
export const NETWORK_LABELS: Record<NetworkType, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  youtube: "YouTube",
  instagram: "Instagram",
  snapchat: "Snapchat",
  pinterest: "Pinterest",
  tumblr: "Tumblr",
  blog: "blog",
};

/** What each network's refusal says: the shapes it takes, so the influencer can find the right link. */
export const POST_URL_HINTS: Record<NetworkType, string> = {
  instagram: "Paste the link of your Instagram post or reel (instagram.com/p/... or instagram.com/reel/...).",
  youtube: "Paste the link of your YouTube video or short (youtube.com/watch?v=..., youtu.be/... or /shorts/...).",
  twitter: "Paste the link of your post on X (x.com/{you}/status/...).",
  facebook: "Paste the link of your Facebook post (facebook.com/{page}/posts/..., a video, a reel or fb.watch/...).",
  snapchat: "Paste a snapchat.com link to your story or Spotlight.",
  pinterest: "Paste the link of your Pin (pinterest.com/pin/... or pin.it/...).",
  tumblr: "Paste the link of your Tumblr post ({blog}.tumblr.com/post/...).",
  blog: "Paste the https link of your blog post.",
};

/** Query parameters that only track who shared or clicked; dropped from a kept URL (the blog's). */
const TRACKING_PARAMS =
  /^(utm_.+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|igsh|si|ref_src|ref_url|_hsenc|_hsmi)$/i;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;
const DIGITS = /^\d{1,25}$/;
const FACEBOOK_ID = /^(\d{1,25}|pfbid[A-Za-z0-9]{10,80})$/;
const TWITTER_USER = /^[A-Za-z0-9_]{1,15}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{3,64}$/;

/** Reads a pasted post URL for `network`: the normalized URL and its post id, or why it is not one. */
export function parsePostUrl(network: NetworkType, raw: string): PostUrlResult {
  const refused: PostUrlResult = { ok: false, message: POST_URL_HINTS[network] };
  const url = readUrl(raw);
  if (!url) return refused;
  const found = RULES[network](url);
  return found ? { ok: true, ...found } : refused;
}

/** The URL, trimmed, https assumed when no scheme is given; null when not an http(s) URL or too long. */
function readUrl(raw: string): URL | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > POST_URL_MAX_LENGTH || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  return url;
}

/** The host without "www.", "m." and similar mobile prefixes, lower case. */
function bareHost(url: URL, prefixes: readonly string[] = ["www.", "m.", "mobile."]): string {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const prefix = prefixes.find((p) => host.startsWith(p));
  return prefix ? host.slice(prefix.length) : host;
}

/** The path's non-empty segments, decoded. */
function segments(url: URL): string[] {
  return url.pathname
    .split("/")
    .filter((part) => part.length > 0)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

type Rule = (url: URL) => PostUrl | null;

const instagram: Rule = (url) => {
  if (bareHost(url) !== "instagram.com") return null;
  const parts = segments(url);
  // /p/{code}, /reel/{code}, or the same after the account's name (/{username}/p/{code}).
  const at = parts.length >= 3 && !["p", "reel", "reels", "tv"].includes(parts[0] ?? "") ? 1 : 0;
  const [type, code, ...rest] = parts.slice(at);
  if (!type || !code || rest.length > 0 || !INSTAGRAM_CODE.test(code)) return null;
  if (type === "p" || type === "tv") return { url: `https://www.instagram.com/p/${code}/`, postId: code, kind: "post" };
  if (type === "reel" || type === "reels")
    return { url: `https://www.instagram.com/reel/${code}/`, postId: code, kind: "reel" };
  return null;
};

const youtube: Rule = (url) => {
  const host = bareHost(url, ["www.", "m.", "music."]);
  const parts = segments(url);
  const video = (id: string | undefined, kind: "video" | "short"): PostUrl | null => {
    if (!id || !YOUTUBE_ID.test(id)) return null;
    const canonical =
      kind === "short" ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`;
    return { url: canonical, postId: id, kind };
  };
  if (host === "youtu.be") return parts.length === 1 ? video(parts[0], "video") : null;
  if (host !== "youtube.com") return null;
  const [first, second, ...rest] = parts;
  if (first === "watch" && parts.length === 1) return video(url.searchParams.get("v") ?? undefined, "video");
  if (rest.length > 0) return null;
  if (first === "shorts") return video(second, "short");
  if (first === "live" || first === "embed" || first === "v") return video(second, "video");
  return null;
};

const twitter: Rule = (url) => {
  const host = bareHost(url);
  if (host !== "twitter.com" && host !== "x.com") return null;
  const parts = segments(url);
  // /{user}/status/{id}, optionally followed by /photo/1, /video/1 or /analytics.
  if (parts[0] === "i" && parts[1] === "web" && parts[2] === "status" && parts.length === 4) {
    const id = parts[3] ?? "";
    return DIGITS.test(id) ? { url: `https://x.com/i/web/status/${id}`, postId: id, kind: "status" } : null;
  }
  const [user, status, id] = parts;
  if (!user || !id || (status !== "status" && status !== "statuses") || !TWITTER_USER.test(user)) return null;
  if (!DIGITS.test(id) || parts.length > 5) return null;
  return { url: `https://x.com/${user}/status/${id}`, postId: id, kind: "status" };
};

const facebook: Rule = (url) => {
  const host = bareHost(url, ["www.", "m.", "web.", "mobile.", "mbasic."]);
  const parts = segments(url);
  const query = (name: string) => url.searchParams.get(name) ?? "";
  if (host === "fb.watch") {
    const code = parts[0] ?? "";
    return parts.length === 1 && SHORT_CODE.test(code)
      ? { url: `https://fb.watch/${code}/`, postId: null, kind: "video" }
      : null;
  }
  if (host !== "facebook.com" && host !== "fb.com") return null;
  const base = "https://www.facebook.com";
  const [first, second, third, ...rest] = parts;
  if (!first) return null;
  // Share links: the network resolves them to a post; no id we could ask the API about.
  if (first === "share" && ["p", "v", "r"].includes(second ?? "") && third && SHORT_CODE.test(third) && !rest.length) {
    return { url: `${base}/share/${second}/${third}/`, postId: null, kind: second === "p" ? "post" : "video" };
  }
  if ((first === "permalink.php" || first === "story.php") && parts.length === 1) {
    const story = query("story_fbid");
    const page = query("id");
    if (!FACEBOOK_ID.test(story) || !DIGITS.test(page)) return null;
    return { url: `${base}/permalink.php?story_fbid=${story}&id=${page}`, postId: `${page}_${story}`, kind: "post" };
  }
  if ((first === "photo" || first === "photo.php") && parts.length === 1) {
    const photo = query("fbid");
    return DIGITS.test(photo) ? { url: `${base}/photo/?fbid=${photo}`, postId: photo, kind: "post" } : null;
  }
  if (first === "watch" && parts.length === 1) {
    const video = query("v");
    return DIGITS.test(video) ? { url: `${base}/watch/?v=${video}`, postId: video, kind: "video" } : null;
  }
  if (first === "reel" && second && DIGITS.test(second) && parts.length === 2) {
    return { url: `${base}/reel/${second}/`, postId: second, kind: "reel" };
  }
  // /{page}/posts/{id}[/...], /{page}/videos/{id}, /{page}/videos/{title}/{id}.
  if (!/^[A-Za-z0-9.\-_]{1,100}$/.test(first)) return null;
  if (second === "posts" && third && FACEBOOK_ID.test(third) && rest.length === 0) {
    return { url: `${base}/${first}/posts/${third}`, postId: third, kind: "post" };
  }
  if (second === "videos") {
    const id = [third, ...rest].reverse().find((part) => part && DIGITS.test(part));
    if (id && rest.length <= 1) return { url: `${base}/${first}/videos/${id}/`, postId: id, kind: "video" };
  }
  return null;
};

const snapchat: Rule = (url) => {
  const host = bareHost(url, ["www.", "story.", "t."]);
  if (host !== "snapchat.com") return null;
  const parts = segments(url);
  if (parts.length === 0) return null;
  const [first, second] = parts;
  const postId = first === "spotlight" && second && SHORT_CODE.test(second) ? second : null;
  return { url: keptUrl(url), postId, kind: postId ? "video" : "story" };
};

const pinterest: Rule = (url) => {
  const host = url.hostname.toLowerCase();
  const parts = segments(url);
  if (host === "pin.it") {
    const code = parts[0] ?? "";
    return parts.length === 1 && SHORT_CODE.test(code)
      ? { url: `https://pin.it/${code}`, postId: null, kind: "pin" }
      : null;
  }
  // pinterest.com, www.pinterest.com, pinterest.co.uk, fr.pinterest.com, www.pinterest.com.au...
  if (!/^([a-z]{2,3}\.)?pinterest\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return null;
  const [pin, id] = parts;
  if (pin !== "pin" || !id || parts.length > 2 || !DIGITS.test(id)) return null;
  return { url: `https://www.pinterest.com/pin/${id}/`, postId: id, kind: "pin" };
};

const tumblr: Rule = (url) => {
  const host = url.hostname.toLowerCase();
  const parts = segments(url);
  const blogName = /^[a-z0-9-]{1,32}$/i;
  if (host === "tumblr.com" || host === "www.tumblr.com") {
    const [blog, id] = parts;
    if (!blog || !id || !blogName.test(blog) || !DIGITS.test(id) || parts.length > 3) return null;
    return { url: `https://www.tumblr.com/${blog.toLowerCase()}/${id}`, postId: id, kind: "post" };
  }
  const match = /^([a-z0-9-]{1,32})\.tumblr\.com$/.exec(host);
  const [post, id] = parts;
  if (!match || match[1] === "www" || post !== "post" || !id || !DIGITS.test(id) || parts.length > 3) return null;
  return { url: `https://www.tumblr.com/${match[1]}/${id}`, postId: id, kind: "post" };
};

const blog: Rule = (url) => {
  if (url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  // A public name: a dot, a letter in the last label, no IP address, no local name.
  if (!/^([a-z0-9-]+\.)+[a-z][a-z0-9-]*$/.test(host) || host.endsWith(".local") || host.endsWith(".localhost"))
    return null;
  return { url: keptUrl(url), postId: null, kind: "page" };
};

/** A URL kept as given (no canonical form known): https, no fragment, tracking parameters dropped. */
function keptUrl(url: URL): string {
  const kept = new URL(url.href);
  kept.protocol = "https:";
  kept.hash = "";
  for (const name of [...kept.searchParams.keys()]) if (TRACKING_PARAMS.test(name)) kept.searchParams.delete(name);
  return kept.href;
}

const RULES: Record<NetworkType, Rule> = {
  instagram,
  youtube,
  twitter,
  facebook,
  snapchat,
  pinterest,
  tumblr,
  blog,
};
