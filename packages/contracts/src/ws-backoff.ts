import {
  WS_CLOSE_SERVER_RESTART,
  WS_RECONNECT_MAX_MS,
  WS_RECONNECT_STEP_MS,
  WS_RESTART_RECONNECT_MS,
} from "./constants";

/** Spec section 7: the reconnect delay grows by 15 s per attempt, up to 60 s. `attempt` counts from 0. */
export const wsReconnectDelayMs = (attempt: number): number =>
  Math.min((attempt + 1) * WS_RECONNECT_STEP_MS, WS_RECONNECT_MAX_MS);

/**
 * How long a connection must stay open to count as stable: only then does the next drop start again from the
 * first delay. A server that accepts and then drops at once keeps the delays growing.
 */
export const WS_STABLE_CONNECTION_MS = 30_000;

/** A random wait within WS_RESTART_RECONNECT_MS: the clients of a server that restarts come back spread out. */
export const wsRestartDelayMs = (random: () => number = Math.random): number =>
  Math.round(WS_RESTART_RECONNECT_MS.min + random() * (WS_RESTART_RECONNECT_MS.max - WS_RESTART_RECONNECT_MS.min));

/**
 * The reconnect delays of one WebSocket client (the web app's and the SDK's). tRPC's own attempt index starts from 0 at every drop, even when
 * the connection it had just opened lasted a second, so the count is kept here, told of each open and close,
 * and reset only after a stable connection. A close with WS_CLOSE_SERVER_RESTART (a server draining) is no
 * failure: the next try comes after a short random wait (another instance answers) and the count does not grow.
 */
export function createReconnectBackoff({
  stableMs = WS_STABLE_CONNECTION_MS,
  now = Date.now,
  random = Math.random,
}: {
  stableMs?: number;
  now?: () => number;
  random?: () => number;
} = {}) {
  let attempt = 0;
  let openedAt: number | null = null;
  let restarted = false;
  return {
    /** The wait before the next try; each call is one more try. */
    nextDelayMs: (): number => {
      if (!restarted) return wsReconnectDelayMs(attempt++);
      restarted = false;
      return wsRestartDelayMs(random);
    },
    opened(): void {
      openedAt = now();
    },
    /** `code`: the close frame's code, when the socket had one. */
    closed(code?: number): void {
      if (openedAt !== null && now() - openedAt >= stableMs) attempt = 0;
      restarted = openedAt !== null && code === WS_CLOSE_SERVER_RESTART;
      openedAt = null;
    },
  };
}
