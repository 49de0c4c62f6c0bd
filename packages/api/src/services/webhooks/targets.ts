import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isBlockedAddress } from "./address-policy";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A name's addresses (dns.lookup, all of them); a test passes its own. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Where webhooks may go. Only a test server (E2E_TEST_ROUTES=1, loopback only: apps/server/src/env.ts) allows
 * private addresses and plain http, for a receiver it starts on loopback; every other server refuses them.
 */
export interface WebhookTargets {
  allowPrivate: boolean;
  resolve?: ResolveHost | undefined;
}

export const strictTargets: WebhookTargets = { allowPrivate: false };

const systemResolve: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export type TargetCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; problem: "not_https" | "unresolvable" | "refused_address" };

/** The URL's host as an address or a name: `[::1]` without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolves the URL's host and checks every address it has: one refused address refuses the URL (a name answering
 * both a public and a private address could otherwise be sent to either). The sender connects to the addresses
 * checked here, never resolving the name again, so a name that changes its answer meanwhile (DNS rebinding) gains
 * nothing.
 */
export async function checkTarget(url: URL, targets: WebhookTargets): Promise<TargetCheck> {
  if (url.protocol !== "https:" && !targets.allowPrivate) return { ok: false, problem: "not_https" };
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (targets.resolve ?? systemResolve)(host);
    } catch {
      return { ok: false, problem: "unresolvable" };
    }
  }
  if (addresses.length === 0) return { ok: false, problem: "unresolvable" };
  if (!targets.allowPrivate && addresses.some((entry) => isBlockedAddress(entry.address))) {
    return { ok: false, problem: "refused_address" };
  }
  return { ok: true, addresses };
}

/** The words a refusal of a URL gives (a field issue of `url`). */
export const TARGET_PROBLEM_TEXT = {
  not_https: "must start with https://",
  unresolvable: "names a host that cannot be found",
  refused_address: "resolves to a private, loopback or link-local address, which webhooks may not reach",
} as const;
