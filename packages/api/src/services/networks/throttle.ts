import { type RateLimitDeps, throttle } from "../auth/rate-limit";

/** Every step that calls a provider for the influencer counts against one limit (rate_limited beyond it). */
export const throttleNetworkCalls = (deps: RateLimitDeps, userId: number) =>
  throttle(deps, [["networkCallsPerUser", String(userId)]]);
