import { isIPv4, isIPv6 } from "node:net";
import { and, eq, gt, loginSources } from "@market/db";
import type { Clock } from "../../clock";
import type { RateLimitDeps } from "./rate-limit";
import { KNOWN_SOURCE_MAX_AGE_MS } from "./rate-limit";

/**
 * The network an address belongs to, as the login's limits see it: the /24 of an IPv4 address, the /64 of an IPv6
 * one (an IPv4-mapped IPv6 address is its IPv4 one). A household or office keeps its network while the provider
 * moves its address inside it (a new DHCP lease, IPv6 privacy addresses that change daily), and whoever holds a
 * /64 holds every address in it, so counting per address would let them try again from the next one.
 */
export function sourceOf(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").replace(/%.*$/, "");
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return address;
  // Groups before and after "::", a trailing dotted IPv4 part standing for the last two; "::" fills in zeros.
  const groupsOf = (part = "") =>
    part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const [head, tail] = address.toLowerCase().split("::");
  const groups =
    tail === undefined
      ? groupsOf(head)
      : [
          ...groupsOf(head),
          ...Array<string>(8 - groupsOf(head).length - groupsOf(tail).length).fill("0"),
          ...groupsOf(tail),
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Whether the user signed in from this network within KNOWN_SOURCE_MAX_AGE_MS: their own network, which an attack
 * from elsewhere never slows down. Addresses rather than a device cookie: nothing for the browser to keep or lose,
 * no cookie to steal, and API clients are covered alike; a guesser on the same network is still held by the
 * per-network limit.
 */
export async function isKnownSource(deps: { db: RateLimitDeps["db"]; clock: Clock }, userId: number, source: string) {
  const since = new Date(deps.clock.now().getTime() - KNOWN_SOURCE_MAX_AGE_MS);
  const [known] = await deps.db
    .select({ userId: loginSources.userId })
    .from(loginSources)
    .where(and(eq(loginSources.userId, userId), eq(loginSources.source, source), gt(loginSources.lastSuccessAt, since)))
    .limit(1);
  return known !== undefined;
}

/**
 * Records that the user proved to be themselves from this network (a sign-in, a sign-up, a reset link): one row
 * per user and network, its time moved forward.
 */
export async function rememberSource(deps: { db: RateLimitDeps["db"]; clock: Clock }, userId: number, source: string) {
  const now = deps.clock.now();
  await deps.db
    .insert(loginSources)
    .values({ userId, source, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [loginSources.userId, loginSources.source], set: { lastSuccessAt: now } });
}
