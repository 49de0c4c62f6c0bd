import type { ImpersonationRefusal } from "@market/api";
import { IMPERSONATION_KINDS } from "@market/contracts";
import { escapeHtml } from "./html";

/**
 * The page a browser gets when GET /admin/login refuses (status 404, or 500), instead of the raw JSON of the
 * envelope: plain HTML that needs neither the web app nor a script. An admin learns what went wrong with their
 * link; anyone else sees the page of any address that does not exist, so the feature still does not show.
 */

interface PageText {
  title: string;
  text: string;
}

const otherKind = { i: "b", b: "i" } as const;
const aKind = { i: "an influencer", b: "a brand" } as const;

/** What the page says for a refusal; null is anyone who is not an admin acting as themselves. */
export function refusalText(refusal: ImpersonationRefusal | null): PageText {
  if (!refusal) return { title: "Page not found", text: "There is nothing at this address." };
  switch (refusal.kind) {
    case "acting_as":
      return {
        title: "You are already acting as a user",
        text:
          `You are using the account of ${refusal.username}. Go back to your own account first (Back to admin, ` +
          "in the banner at the top of the site), then open this link again.",
      };
    case "bad_link":
      return {
        title: "This link is not valid",
        text: "A link to act as a user reads /admin/login?u=i&id=123 for an influencer, or u=b for a brand, with the user's id.",
      };
    case "no_user": {
      const { u, id } = refusal.target;
      return {
        title: "User not found",
        text:
          `No ${IMPERSONATION_KINDS[u]} has the id ${id}, so there is no one to act as. The id may be wrong, belong to ` +
          `${aKind[otherKind[u]]} (u=${otherKind[u]}), or belong to an admin, whom no one can act as.`,
      };
    }
  }
}

/** The page of a failure of the server itself. */
export const FAILURE_TEXT: PageText = {
  title: "Something went wrong",
  text: "The server could not open this link. Please try again in a moment.",
};

/**
 * Where "Back" leads: the page of this site the browser came from (its Referer), never another site's (a path
 * the browser would read as one included) nor the refused link itself; null when there is none (a typed link), and only the home link shows.
 */
export function backLinkOf(referer: string | undefined, origin: string, currentPath: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    // The origin as a URL writes it (no default port), like the referer's.
    if (url.origin !== new URL(origin).origin) return null;
    const path = `${url.pathname}${url.search}`;
    // A path starting with "//" (a referer such as https://site//elsewhere.example/) would be read by the browser
    // as a link to another site.
    if (path.startsWith("//")) return null;
    return path === currentPath ? null : path;
  } catch {
    // A malformed referer, or a Host header no URL can hold.
    return null;
  }
}

export function renderAdminLoginPage(page: PageText, back: string | null): string {
  const links = [
    back ? `<a href="${escapeHtml(back)}">Back to the previous page</a>` : "",
    `<a href="/">Go to the home page</a>`,
  ].join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:36rem;margin:15vh auto 0;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
h1{margin:0 0 1rem;font-size:1.5rem}
p{line-height:1.5;color:#334155}
nav{display:flex;flex-wrap:wrap;gap:1rem;margin-top:1.5rem}
a{color:#1d4ed8;font-weight:600}
a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
<nav aria-label="Ways back">${links}</nav>
</main>
</body>
</html>
`;
}
