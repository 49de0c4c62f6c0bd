import { WS_RECONNECT_MAX_MS, WS_RECONNECT_STEP_MS } from "@market/contracts";

/** Spec section 7: the reconnect delay grows by 15 s per attempt, up to 60 s. `attempt` counts from 0. */
export const wsReconnectDelayMs = (attempt: number): number =>
  Math.min((attempt + 1) * WS_RECONNECT_STEP_MS, WS_RECONNECT_MAX_MS);
