import { hash } from "node:crypto";
import type { Clock } from "@market/api";

/**
 * How many WebSockets one client may hold and open, both doors (/notifications and /trpc) together. Without them
 * one session opened 8,000 sockets (about 44 KB each: RSS 122 -> 474 MB) and /health took a second.
 */
export const SOCKET_LIMITS = {
  /** Open sockets of one session. The web app holds one per tab, so this is ten tabs of it in one browser. */
  perSession: 10,
  /**
   * Open sockets from one address, signed in or not: a household or an office behind one NAT, a few tabs each.
   * At most some 2 MB of sockets for one address.
   */
  perAddress: 50,
  /**
   * New sockets from one address per fixed window. A page opens one, and a client reconnects at most every 15 s
   * (spec section 7); an 8,000-socket flood would take 45 minutes and still stop at perAddress.
   */
  newPerAddress: { limit: 30, windowMs: 10_000 },
} as const;

/** Why an upgrade is refused; null when it may proceed. */
export type SocketRefusal = "rate" | "address" | "session" | null;

export interface Admission {
  refusal: SocketRefusal;
  /**
   * Frees what the upgrade holds; to call once its connection is closed, whatever became of it. Idempotent, and
   * a no-op for an upgrade that holds nothing (refused for the rate or the address's cap).
   */
  release: () => void;
}

export interface SocketLimiter {
  /**
   * Counts one upgrade from `ip` carrying `sessionToken` (the session cookie as sent, null without one). An upgrade
   * refused for its session still holds its address's slot: it is answered with a close code, on a connection.
   */
  admit(ip: string, sessionToken: string | null): Admission;
}

/**
 * In memory, per instance: a socket lives on the instance that accepted it, so its counts do too; a client spread
 * over N instances by the load balancer may hold N times the caps, which bounds each instance all the same.
 * `scale` multiplies every limit (RATE_LIMIT_SCALE: the browser tests and benches open many from one address).
 */
export function createSocketLimiter({ clock, scale = 1 }: { clock: Clock; scale?: number }): SocketLimiter {
  const scaled = (limit: number) => Math.floor(limit * scale);
  const perSession = scaled(SOCKET_LIMITS.perSession);
  const perAddress = scaled(SOCKET_LIMITS.perAddress);
  const newPerAddress = scaled(SOCKET_LIMITS.newPerAddress.limit);
  const openByAddress = new Counts();
  const openBySession = new Counts();
  // The current window's upgrades per address; a new window starts them all again from zero.
  let currentWindow = Number.NaN;
  const started = new Counts();

  return {
    admit(ip, sessionToken) {
      const now = clock.now().getTime();
      const thisWindow = Math.floor(now / SOCKET_LIMITS.newPerAddress.windowMs);
      if (thisWindow !== currentWindow) {
        currentWindow = thisWindow;
        started.clear();
      }
      const address = addressKey(ip);
      if (started.add(address) > newPerAddress) return { refusal: "rate", release: noop };
      if (openByAddress.get(address) >= perAddress) return { refusal: "address", release: noop };
      openByAddress.add(address);
      const releaseAddress = once(() => openByAddress.remove(address));
      // Keyed by a digest of the whole token: only its holder can fill a session's slots (an id alone could be
      // replayed by someone who learnt it), and the key stays small whatever the cookie's length. A made-up token
      // is a session of nobody: it is bounded by its address's cap like any socket.
      const session = sessionToken === null ? null : hash("sha256", sessionToken, "base64url");
      if (session === null) return { refusal: null, release: releaseAddress };
      if (openBySession.get(session) >= perSession) return { refusal: "session", release: releaseAddress };
      openBySession.add(session);
      const releaseSession = once(() => openBySession.remove(session));
      return {
        refusal: null,
        release: () => {
          releaseAddress();
          releaseSession();
        },
      };
    },
  };
}

/**
 * Whom an address stands for: an IPv4 address itself, an IPv6 one by its /64, the block a single host or home is
 * usually given (one client could otherwise take a new address per socket). The address is the request's (its
 * X-Forwarded-For from a trusted proxy), which Node has already parsed.
 */
export function addressKey(ip: string): string {
  // IPv4, or IPv4-mapped IPv6 (::ffff:192.0.2.1): the address itself.
  if (!ip.includes(":") || ip.includes(".")) return ip;
  const [left = "", right] = ip.replace(/%.*$/, "").split("::");
  const leftGroups = left ? left.split(":") : [];
  const rightGroups = right ? right.split(":") : [];
  const zeros = right === undefined ? 0 : Math.max(0, 8 - leftGroups.length - rightGroups.length);
  const groups = [...leftGroups, ...Array<string>(zeros).fill("0"), ...rightGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** Counts by key; a key at zero is forgotten, so the maps hold only what is open. */
class Counts {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): number {
    const count = this.get(key) + 1;
    this.counts.set(key, count);
    return count;
  }
  remove(key: string): void {
    const count = this.get(key) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
  clear(): void {
    this.counts.clear();
  }
}

const noop = () => {};

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
