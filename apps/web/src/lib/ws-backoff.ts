import { WS_RECONNECT_MAX_MS, WS_RECONNECT_STEP_MS } from "@market/contracts";

/** Spec section 7: the reconnect delay grows by 15 s per attempt, up to 60 s. `attempt` counts from 0. */
export const wsReconnectDelayMs = (attempt: number): number =>
  Math.min((attempt + 1) * WS_RECONNECT_STEP_MS, WS_RECONNECT_MAX_MS);

/**
 * How long a connection must stay open to count as stable: only then does the next drop start again from the
 * first delay. A server that accepts and then drops at once keeps the delays growing.
 */
export const WS_STABLE_CONNECTION_MS = 30_000;

/**
 * The reconnect delays of one WebSocket client. tRPC's own attempt index starts from 0 at every drop, even when
 * the connection it had just opened lasted a second, so the count is kept here, told of each open and close,
 * and reset only after a stable connection.
 */
export function createReconnectBackoff({
  stableMs = WS_STABLE_CONNECTION_MS,
  now = Date.now,
}: {
  stableMs?: number;
  now?: () => number;
} = {}) {
  let attempt = 0;
  let openedAt: number | null = null;
  return {
    /** The wait before the next try; each call is one more try. */
    nextDelayMs: (): number => wsReconnectDelayMs(attempt++),
    opened(): void {
      openedAt = now();
    },
    closed(): void {
      if (openedAt !== null && now() - openedAt >= stableMs) attempt = 0;
      openedAt = null;
    },
  };
}
