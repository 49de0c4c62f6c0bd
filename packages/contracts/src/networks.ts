import { z } from "zod";
import { networkType } from "./enum-schemas";
import {
  BIO_CODE_NETWORKS,
  LINKABLE_NETWORKS,
  type NetworkLinkError,
  type NetworkType,
  UNLINKABLE_NETWORKS,
} from "./enums";
import { bodyRowId, rowId } from "./ids";
import type { InfluencerProfileNetwork, InfluencerProfileView } from "./influencers";
import { singleLine } from "./text";

/**
 * The influencer's networks (spec sections 2, 4, 5, 7 and 8): the account's networks tab, its modals (remove,
 * refresh, add unlinkable, code verification, conflict choice), the browser linking flows and the own profile.
 *
 * Procedures (tRPC `networks.*`, REST shims in apps/server/src/rest/networks.ts), all for a signed-in influencer
 * only (a brand or visitor is refused forbidden / unauthorized):
 * - `networks.list`    GET  /api/networks           -> NetworksView
 * - `networks.add`     POST /api/networks           addNetworkInput -> OwnNetwork (an unlinkable network by name)
 * - `networks.remove`  POST /api/networks/remove    networkIdInput -> RemovedNetwork
 * - `networks.refresh` POST /api/networks/refresh   networkIdInput -> OwnNetwork (re-read through its provider)
 * - `networks.choose`  POST /api/networks/choose    chooseNetworkInput -> NetworksView (resolves a conflict)
 * - `networks.instagramCode` POST /auth/instagram/token  instagramCodeInput -> InstagramCode
 * - `networks.startLink`, `networks.finishLink`, `networks.verifyInstagram`, `networks.refreshInstagram`: used by
 *   the server's browser redirects only (below); the web navigates to those paths, it never calls these.
 * - `influencers.own`  GET  /api/profile            -> OwnProfileView
 *
 * Browser redirects (a full navigation, not fetch): each ends on the networks tab, `networkTabPath(...)`:
 * - `/auth/{facebook|twitter|youtube}[?next=/deals/12]` -> the provider's consent page (a sandbox consent page when
 *   the provider is not configured) -> `/auth/{network}/callback` -> `/account?p=networks&linked={network}` or
 *   `&error={NetworkLinkError}`.
 * - `/auth/instagram/verify[?data={username}]` after POST /auth/instagram/token: reads the bio, links or errors.
 * - `/auth/instagram/refresh[?id={networkId}]` re-reads the Instagram statistics.
 * `next` (a relative path of the site, e.g. the deal the proposal modal was opened on) is passed back untouched
 * as `&next=` so the tab can offer to go back there.
 */

/** How an account is proven to be the influencer's: OAuth consent, a code in the bio, or not at all (by name). */
export const NETWORK_LINK_METHODS = ["oauth", "bio-code", "name"] as const;
export type NetworkLinkMethod = (typeof NETWORK_LINK_METHODS)[number];

export function linkMethodOf(type: NetworkType): NetworkLinkMethod {
  if ((LINKABLE_NETWORKS as readonly NetworkType[]).includes(type)) return "oauth";
  if ((BIO_CODE_NETWORKS as readonly NetworkType[]).includes(type)) return "bio-code";
  return "name";
}

/** A network as its owner sees it in the networks tab and on /profile: the public fields and the owner's. */
export interface OwnNetwork extends InfluencerProfileNetwork {
  linkMethod: NetworkLinkMethod;
  /** Verified and not conflicting: it may be priced in a proposal (spec section 6). */
  canApply: boolean;
  /**
   * isConflicting because another influencer linked the same account too (else because the influencer has several
   * accounts of this type, e.g. several Facebook pages). Either way `networks.choose` keeps one.
   */
  sharedWithOthers: boolean;
  /** ISO time the statistics were last read from the provider; null for a network added by name. */
  statisticsReadAt: string | null;
  /**
   * What the last refresh (by the owner or the statistics sweep) found wrong, e.g. `followers` when the account
   * fell to 2,000 followers or fewer (it is then no longer verified); null when all is well.
   */
  problem: NetworkLinkError | null;
}

/** GET /api/networks (networks.list). */
export interface NetworksView {
  /** Biggest first; the conflict choice modal takes the conflicting ones of a type (`isConflicting`). */
  networks: OwnNetwork[];
  /** At least one network may be priced in a proposal. */
  canApply: boolean;
  /** The providers are the built-in sandboxes (no real provider configured): the tab may say so. */
  sandbox: boolean;
}

/**
 * The name of an unlinkable network (spec section 5): trimmed, every space removed, required. "My Blog " -> "MyBlog".
 */
export const unlinkableNetworkTitle = z
  .string({ error: "Enter the network's name." })
  .max(500)
  .transform((title) => title.replace(/\s+/g, ""))
  .pipe(singleLine(z.string().min(1, "Enter the network's name.").max(100, "At most 100 characters.")));

/**
 * Body of POST /api/networks (networks.add): an unlinkable network (snapchat, pinterest, tumblr, blog). A second
 * network of a type the influencer already has is refused: reason `conflict`, with an issue on `type`
 * ("remove it first", spec section 8).
 */
export const addNetworkInput = z.object({
  type: z.enum(UNLINKABLE_NETWORKS, { error: "Choose a network that is added by name." }),
  title: unlinkableNetworkTitle,
});
export type AddNetworkInput = z.input<typeof addNetworkInput>;

/** Body of POST /api/networks/remove and /api/networks/refresh: one of the influencer's networks. */
/** A network named in a body (remove, refresh: no path carries it), so its id is a JSON number. */
export const networkIdInput = z.object({ id: bodyRowId });
export type NetworkIdInput = z.input<typeof networkIdInput>;

/** POST /api/networks/remove: the proposals that priced the network keep their figures (reach, price). */
export interface RemovedNetwork {
  id: number;
}

/**
 * Body of POST /api/networks/choose (the conflict choice modal): keep network `id`, of `type`, as the influencer's
 * account of that type. Their other accounts of the type are removed and the kept one is no longer conflicting;
 * another influencer holding the same account keeps theirs, conflicting, until they choose too.
 */
export const chooseNetworkInput = z.object({ id: bodyRowId, type: networkType });
export type ChooseNetworkInput = z.input<typeof chooseNetworkInput>;

/** An Instagram username: letters, digits, dots and underscores, up to 30; a leading @ and the case are dropped. */
export const INSTAGRAM_USERNAME_PATTERN = /^[a-z0-9._]{1,30}$/;
export const instagramUsername = z
  .string({ error: "Enter your Instagram username." })
  .max(200)
  .transform((name) => name.trim().replace(/^@/, "").toLowerCase())
  .pipe(z.string().regex(INSTAGRAM_USERNAME_PATTERN, "Enter your Instagram username (letters, digits, . and _)."));

/** Body of POST /auth/instagram/token (networks.instagramCode). */
export const instagramCodeInput = z.object({ username: instagramUsername });
export type InstagramCodeInput = z.input<typeof instagramCodeInput>;

/**
 * The code verification modal (spec section 4): put `code` in the bio of `username`, then navigate to
 * `instagramVerifyPath(username)` before `expiresAt` (BIO_CODE_VALIDITY_MS, 5 minutes). A new request replaces it.
 */
export interface InstagramCode {
  username: string;
  code: string;
  /** ISO time after which verify answers error=too-late. */
  expiresAt: string;
}

/** GET /api/profile (influencers.own): the own profile as brands see it, with the owner's network fields. */
export interface OwnProfileView extends Omit<InfluencerProfileView, "networks"> {
  networks: OwnNetwork[];
  canApply: boolean;
}

/**
 * Spec section 6: an influencer applies only with a network that is verified and not conflicting. The search
 * columns count the same networks (packages/db search-columns.ts APPLICABLE_NETWORK, its SQL twin).
 */
export const canApplyWith = (network: { isVerified: boolean; isConflicting: boolean }): boolean =>
  network.isVerified && !network.isConflicting;

/** Where the browser linking flows start (a full navigation). `next` must be a path of the site ("/deals/12"). */
export function networkLinkPath(type: (typeof LINKABLE_NETWORKS)[number], next?: string): string {
  return withNext(`/auth/${type}`, next);
}

export function instagramVerifyPath(username: string, next?: string): string {
  return withNext(`/auth/instagram/verify?data=${encodeURIComponent(username)}`, next);
}

/**
 * The Instagram sandbox's bios page (apps/server/src/http/network-sandbox.ts), served only while the built-in
 * sandbox reads Instagram; the code modal links to it so a tester can put the code in a sample bio.
 */
export const SANDBOX_BIOS_PATH = "/auth/sandbox/instagram";

export function instagramRefreshPath(id?: number): string {
  return id === undefined ? "/auth/instagram/refresh" : `/auth/instagram/refresh?id=${id}`;
}

/** A path of this site only: one leading slash, no scheme, no backslash (never an open redirect). */
export const NEXT_PATH_PATTERN = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]{0,300}$/;

export function safeNextPath(next: unknown): string | null {
  return typeof next === "string" && NEXT_PATH_PATTERN.test(next) ? next : null;
}

function withNext(path: string, next: string | undefined): string {
  const safe = safeNextPath(next);
  if (!safe) return path;
  return `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(safe)}`;
}

/** Where every linking flow ends: the networks tab, with what happened (spec section 8's `error` values). */
export function networkTabPath(
  outcome: { linked: NetworkType } | { refreshed: NetworkType } | { error: NetworkLinkError },
  next?: string | null,
): string {
  const [key, value] = Object.entries(outcome)[0] as [string, string];
  const safe = safeNextPath(next);
  return `/account?p=networks&${key}=${encodeURIComponent(value)}${safe ? `&next=${encodeURIComponent(safe)}` : ""}`;
}

/** Used by the server's browser redirects only (apps/server/src/auth-flows): a query is untrusted text. */
const queryText = (max: number) => z.string().max(max).optional().catch(undefined);
const nextPath = z
  .unknown()
  .transform((next) => safeNextPath(next) ?? undefined)
  .optional();

/** GET /auth/{facebook|twitter|youtube}: starts an OAuth linking flow (networks.startLink). */
export const startLinkInput = z.object({ type: z.enum(LINKABLE_NETWORKS), next: nextPath });

/** GET /auth/{network}/callback: the provider's answer and the flow's state cookie (networks.finishLink). */
export const finishLinkInput = z.object({
  type: z.enum(LINKABLE_NETWORKS),
  code: queryText(4096),
  state: queryText(512),
  /** The provider's refusal, e.g. access_denied when the user cancels on the consent page. */
  error: queryText(512),
  /** The state the browser's cookie holds: it must equal `state`. */
  cookieState: queryText(512),
});

/** GET /auth/instagram/verify?data={username} (networks.verifyInstagram). */
export const verifyInstagramInput = z.object({ data: queryText(200), next: nextPath });

/** GET /auth/instagram/refresh[?id=] (networks.refreshInstagram): the Instagram network, the first when no id. */
export const refreshInstagramInput = z.object({ id: rowId.optional().catch(undefined) });

/** How a browser flow ended: the networks tab's path parameters (networkTabPath). */
export interface LinkFlowOutcome {
  outcome: { linked: NetworkType } | { refreshed: NetworkType } | { error: NetworkLinkError };
  next: string | null;
}

/** What networks.startLink answers the redirect route: where to send the browser and the state for its cookie. */
export interface LinkStart {
  url: string;
  state: string;
}
