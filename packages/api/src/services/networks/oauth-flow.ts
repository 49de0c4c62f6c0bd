import { createHash, randomBytes } from "node:crypto";
import { type LinkFlowOutcome, type LinkStart, MINUTE_MS } from "@market/contracts";
import { eq, networkLinkStates } from "@market/db";
import { linkAccounts } from "./link-account";
import type { NetworkDeps, NetworkLog } from "./link-deps";
import { NetworkLinkFailure, type OAuthNetworkType } from "./providers/ports";
import { throttleNetworkCalls } from "./throttle";

/** How long a started linking flow may take on the provider's consent page. */
export const LINK_FLOW_TTL_MS = 10 * MINUTE_MS;

const hashOf = (state: string) => createHash("sha256").update(state).digest();
/** 32 random bytes: the state, and a PKCE verifier of 43 characters (RFC 7636 asks 43 to 128). */
const randomToken = () => randomBytes(32).toString("base64url");

/**
 * GET /auth/{network}: a flow bound to the influencer, its state kept hashed with the PKCE verifier for
 * LINK_FLOW_TTL_MS. The route puts the state in a short-lived HttpOnly cookie too, so the callback must come back
 * to the browser that started it. `origin` is the site the browser is on (the sandbox consent page is served there).
 */
export async function startLink(
  deps: NetworkDeps,
  userId: number,
  input: { type: OAuthNetworkType; next?: string | undefined },
  origin: string,
): Promise<LinkStart> {
  await throttleNetworkCalls(deps, userId);
  const state = randomToken();
  const codeVerifier = randomToken();
  const now = deps.clock.now();
  await deps.db.insert(networkLinkStates).values({
    stateHash: hashOf(state),
    userId,
    type: input.type,
    codeVerifier,
    next: input.next ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_FLOW_TTL_MS),
  });
  const url = deps.networkProviders.oauth[input.type].authorizationUrl(state, codeVerifier, origin);
  return { url: url.toString(), state };
}

export interface CallbackInput {
  type: OAuthNetworkType;
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  cookieState?: string | undefined;
}

/**
 * GET /auth/{network}/callback: the flow's row is deleted as it is read, so a replayed callback finds none. A
 * missing, expired, foreign (another influencer's or another network's) state, or one the browser's cookie does
 * not hold, ends in `unknown`, as does the provider's refusal (the user cancelled). Otherwise the code is traded
 * for tokens, the accounts are read and linked (link-account.ts: the rules, conflicts, sealed tokens).
 */
export async function finishLink(
  deps: NetworkDeps,
  userId: number,
  input: CallbackInput,
  log?: NetworkLog,
): Promise<LinkFlowOutcome> {
  const [flow] = input.state
    ? await deps.db
        .delete(networkLinkStates)
        .where(eq(networkLinkStates.stateHash, hashOf(input.state)))
        .returning()
    : [];
  const ours = flow !== undefined && flow.userId === userId;
  const next = ours ? flow.next : null;
  const unknown: LinkFlowOutcome = { outcome: { error: "unknown" }, next };
  if (!ours || flow.type !== input.type || flow.expiresAt <= deps.clock.now()) return unknown;
  if (input.cookieState !== input.state || input.error !== undefined || !input.code) return unknown;

  const provider = deps.networkProviders.oauth[input.type];
  try {
    const tokens = await provider.exchangeCode(input.code, flow.codeVerifier);
    const accounts = await provider.readAccounts(tokens);
    await linkAccounts(deps, userId, input.type, accounts, tokens);
    return { outcome: { linked: input.type }, next };
  } catch (error) {
    if (error instanceof NetworkLinkFailure) return { outcome: { error: error.error }, next };
    log?.warn({ type: input.type, error: error instanceof Error ? error.name : "unknown" }, "network linking failed");
    return unknown;
  }
}
