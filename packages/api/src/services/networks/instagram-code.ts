import { randomInt } from "node:crypto";
import { BIO_CODE_VALIDITY_MS, type InstagramCode, instagramUsername, type LinkFlowOutcome } from "@market/contracts";
import { and, asc, eq, networks, networkVerificationCodes } from "@market/db";
import { linkAccounts } from "./link-account";
import type { NetworkDeps, NetworkLog } from "./link-deps";
import { NetworkLinkFailure } from "./providers/ports";
import { refreshNetwork } from "./refresh-network";
import { throttleNetworkCalls } from "./throttle";

/** No 0/O or 1/I: the code is read off a screen and typed into a bio. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;
const CODE_PREFIX = "IM-";

function newCode(): string {
  let code = CODE_PREFIX;
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * POST /auth/instagram/token: a code for the influencer to put in the bio of `username` within 5 minutes (spec
 * sections 4 and 9, BIO_CODE_VALIDITY_MS). One pending code per influencer: a new request replaces the last.
 */
export async function instagramCode(
  deps: Pick<NetworkDeps, "db" | "clock">,
  userId: number,
  username: string,
): Promise<InstagramCode> {
  await throttleNetworkCalls(deps, userId);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + BIO_CODE_VALIDITY_MS);
  const code = newCode();
  const row = { username, code, createdAt: now, expiresAt };
  await deps.db
    .insert(networkVerificationCodes)
    .values({ userId, type: "instagram", ...row })
    .onConflictDoUpdate({ target: [networkVerificationCodes.userId, networkVerificationCodes.type], set: row });
  return { username, code, expiresAt: expiresAt.toISOString() };
}

/**
 * GET /auth/instagram/verify?data={username}: the pending code must be in the bio of the username it was asked for,
 * read through the bio reader port, by the time it expires (spec section 8's values): no code asked, or `data`
 * naming another username: unknown; past its 5 minutes: too-late (the code is dropped, ask again); no such
 * account: bad-username; code not in the bio: no-token; then the linking rules (private, followers, no-analytics,
 * duplicate). The code stays usable after a refusal until it expires, so the influencer may fix the bio and retry;
 * it is dropped once the account is linked.
 */
export async function verifyInstagram(
  deps: NetworkDeps,
  userId: number,
  input: { data?: string | undefined; next?: string | undefined },
  log?: NetworkLog,
): Promise<LinkFlowOutcome> {
  await throttleNetworkCalls(deps, userId);
  const next = input.next ?? null;
  const error = (value: NetworkLinkFailure["error"]): LinkFlowOutcome => ({ outcome: { error: value }, next });
  const mine = and(eq(networkVerificationCodes.userId, userId), eq(networkVerificationCodes.type, "instagram"));
  const [pending] = await deps.db.select().from(networkVerificationCodes).where(mine);
  if (!pending) return error("unknown");
  if (input.data !== undefined) {
    const asked = instagramUsername.safeParse(input.data);
    if (!asked.success || asked.data !== pending.username) return error("unknown");
  }
  if (deps.clock.now() > pending.expiresAt) {
    await deps.db.delete(networkVerificationCodes).where(mine);
    return error("too-late");
  }
  try {
    const profile = await deps.networkProviders.instagram.readProfile(pending.username);
    if (!profile) return error("bad-username");
    if (!profile.bio.includes(pending.code)) return error("no-token");
    // The username the code was put on is the identifier: a refresh reads the profile by it again.
    await linkAccounts(deps, userId, "instagram", [{ ...profile.account, identifier: pending.username }], null);
  } catch (failure) {
    if (failure instanceof NetworkLinkFailure) return error(failure.error);
    log?.warn({ type: "instagram", error: failure instanceof Error ? failure.name : "unknown" }, "bio check failed");
    return error("unknown");
  }
  await deps.db.delete(networkVerificationCodes).where(mine);
  return { outcome: { linked: "instagram" }, next };
}

/**
 * GET /auth/instagram/refresh[?id=]: the influencer's Instagram network (the given one, else their first) read
 * again; the tab then shows it refreshed or the problem the reading found.
 */
export async function refreshInstagram(
  deps: NetworkDeps,
  userId: number,
  id: number | undefined,
  log?: NetworkLog,
): Promise<LinkFlowOutcome> {
  const [target] = await deps.db
    .select({ id: networks.id })
    .from(networks)
    .where(
      and(
        eq(networks.userId, userId),
        eq(networks.type, "instagram"),
        ...(id === undefined ? [] : [eq(networks.id, id)]),
      ),
    )
    .orderBy(asc(networks.id))
    .limit(1);
  if (!target) return { outcome: { error: "unknown" }, next: null };
  const network = await refreshNetwork(deps, userId, target.id, log);
  return { outcome: network.problem ? { error: network.problem } : { refreshed: "instagram" }, next: null };
}
