import type { OAuthNetworkType, SandboxSample } from "@market/api";
import { SANDBOX_BIOS_PATH } from "@market/contracts";
import { escapeHtml } from "./html";

/**
 * The network sandboxes' pages: the consent page standing in for Facebook's, X's or Google's (pick a sample
 * account or cancel) and the Instagram profiles page (set a sample's bio). Plain HTML with no script, styled like
 * the product; every dynamic text is escaped.
 */

const NETWORK_NAMES: Record<OAuthNetworkType | "instagram", string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  youtube: "YouTube",
  instagram: "Instagram",
};

/** No script, no framing (a consent page in another site's frame is a clickjacking target), forms to this site only. */
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:40rem;margin:8vh auto 2rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
h1{margin:0 0 .75rem;font-size:1.5rem}
h2{margin:0;font-size:1.1rem}
p{line-height:1.5;color:#334155}
.badge{display:inline-block;margin-bottom:.75rem;padding:.15rem .6rem;border-radius:999px;background:#e0e7ff;color:#3730a3;font-size:.8rem;font-weight:600}
ul{list-style:none;margin:1.5rem 0;padding:0;display:grid;gap:.75rem}
a{color:#4338ca;font-weight:600}
.choice{display:block;padding:.9rem 1rem;border:1px solid #cbd5e1;border-radius:.375rem;text-decoration:none;color:#0f172a}
.choice:hover{background:#eef2ff;border-color:#c7d2fe}
.choice span{display:block;margin-top:.25rem;font-weight:400;color:#475569;font-size:.9rem}
section{margin-top:1.5rem;padding-top:1.5rem;border-top:1px solid #e2e8f0}
.facts{margin:.25rem 0 .75rem;font-size:.9rem;color:#475569}
label{display:block;margin-bottom:.35rem;font-size:.9rem;font-weight:600}
textarea{box-sizing:border-box;width:100%;min-height:4.5rem;padding:.5rem;border:1px solid #cbd5e1;border-radius:.375rem;font:inherit}
button{margin-top:.5rem;min-height:2.5rem;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#4338ca;color:#fff;font:inherit;font-size:.9rem;font-weight:600;cursor:pointer}
button:hover{background:#3730a3}
.saved{color:#166534;font-weight:600}
.problem{color:#b91c1c;font-weight:600}
nav{display:flex;flex-wrap:wrap;gap:1rem;margin-top:1.5rem}
:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface ConsentChoice {
  sample: SandboxSample;
  /** The callback with this sample's code and the state. */
  href: string;
}

export function renderConsentPage(
  type: OAuthNetworkType,
  choices: readonly ConsentChoice[],
  cancelHref: string,
): string {
  const name = NETWORK_NAMES[type];
  const items = choices
    .map(
      ({ sample, href }) =>
        `<li><a class="choice" href="${escapeHtml(href)}">${escapeHtml(sample.label)}<span>${escapeHtml(sample.outcome)}</span></a></li>`,
    )
    .join("\n");
  return layout(
    `${name} sandbox: choose an account`,
    `<span class="badge">Sandbox</span>
<h1>Link an account from the ${escapeHtml(name)} sandbox</h1>
<p>This server has no ${escapeHtml(name)} app configured, so this page stands in for ${escapeHtml(name)}'s own consent screen. Choose the account to link; each shows one case of linking.</p>
<ul aria-label="Sample accounts">
${items}
</ul>
<nav aria-label="Other choices"><a href="${escapeHtml(cancelHref)}">Cancel and go back</a></nav>`,
  );
}

/** A consent link missing its state or challenge: nothing to send back to the site. */
export function renderBadConsentLinkPage(type: OAuthNetworkType): string {
  const name = NETWORK_NAMES[type];
  return layout(
    "This link is not valid",
    `<h1>This link is not valid</h1>
<p>The ${escapeHtml(name)} sandbox opens from the networks tab of your account. Start linking from there again.</p>
<nav aria-label="Ways back"><a href="/account?p=networks">Go to your networks</a></nav>`,
  );
}

export interface ProfileView {
  username: string;
  outcome: string;
  followers: number;
  isPrivate: boolean;
  bio: string;
}

export interface ProfilesPageState {
  /** The profile whose bio was just saved. */
  saved?: string | undefined;
  /** A refused save: the profile and what to tell. */
  problem?: { username: string; message: string } | undefined;
}

export function renderInstagramProfilesPage(
  profiles: readonly ProfileView[],
  maxBioLength: number,
  state: ProfilesPageState = {},
): string {
  const sections = profiles
    .map((profile) => {
      const id = `bio-${profile.username.replace(/[^a-z0-9]/g, "-")}`;
      const followers = `${profile.followers.toLocaleString("en-US")} followers${profile.isPrivate ? ", private account" : ""}`;
      const notice =
        state.problem?.username === profile.username
          ? `<p class="problem" role="alert">${escapeHtml(state.problem.message)}</p>`
          : state.saved === profile.username
            ? `<p class="saved" role="status">Bio saved.</p>`
            : "";
      return `<section aria-labelledby="${id}-title">
<h2 id="${id}-title">@${escapeHtml(profile.username)}</h2>
<p class="facts">${escapeHtml(followers)}. ${escapeHtml(profile.outcome)}</p>
<form method="post" action="${SANDBOX_BIOS_PATH}">
<input type="hidden" name="username" value="${escapeHtml(profile.username)}">
<label for="${id}">Bio</label>
<textarea id="${id}" name="bio" maxlength="${maxBioLength}">${escapeHtml(profile.bio)}</textarea>
<button type="submit">Save bio</button>
</form>
${notice}
</section>`;
    })
    .join("\n");
  const { problem } = state;
  const generalProblem =
    problem && !profiles.some((profile) => profile.username === problem.username)
      ? `<p class="problem" role="alert">${escapeHtml(problem.message)}</p>`
      : "";
  return layout(
    "Instagram sandbox: sample profiles",
    `<span class="badge">Sandbox</span>
<h1>Instagram sandbox profiles</h1>
<p>This server has no Instagram reader configured, so these sample profiles stand in for Instagram. To verify one, ask for a code on the networks tab with its username, put the code in its bio here and save, then verify on the networks tab within 5 minutes.</p>
<nav aria-label="Ways back"><a href="/account?p=networks">Back to your networks</a></nav>
${generalProblem}
${sections}`,
  );
}
