import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { ok } from "./envelope";

/**
 * The e2e server's time, through its test routes (scripts/e2e.mjs serves them): its clock moves for the whole
 * server, never the browser's, so a spec that moves it sets it back after each test with resetClock.
 */

/** Runs the lifecycle sweeps and the payout worker now (POST /api/test/sweeps). */
export const runSweeps = (api: APIRequestContext) => ok(api.post("/api/test/sweeps"), "the sweeps");

/** Moves the server's clock: `{ advanceMs }` ahead, or `{ reset: true }` back to real time. */
export const moveClock = (api: APIRequestContext, data: { advanceMs: number } | { reset: true }) =>
  ok(api.post("/api/test/clock", { data }), "the clock");

/** Sets the server's clock back to real time, whatever the test did: for `test.afterEach`. */
export async function resetClock(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  const origin = new URL(baseURL ?? "").origin;
  const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await moveClock(api, { reset: true });
  await api.dispose();
}
