import { DAY_MS } from "@market/contracts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../clock";
import { fakeInstagram, INSTAGRAM_TEST_ACCOUNT, INSTAGRAM_TEST_APP } from "../../testing/msw/instagram-handlers";
import { SWEEPS, type SweepDeps } from "../maintenance/sweeps";
import { checkInstagramToken, INSTAGRAM_TOKEN_ALERT } from "./instagram-token-sweep";
import { GRAPH_API } from "./providers/graph";
import { instagramReader } from "./providers/instagram";
import { TOKEN_EXPIRY_WARNING_MS } from "./providers/instagram-token";
import type { BioProfileReader } from "./providers/ports";

/**
 * The Instagram reader's token is checked on every cleanup sweep through Graph's debug_token (the fake in
 * instagram-handlers.ts): the operator is alerted (an error-level log line with `alert`) when the token no longer
 * works, runs out within two weeks, or cannot be checked; a system user's non-expiring token raises nothing.
 */

const clock = fixedClock(new Date("2026-12-05T12:00:00Z"));
const reader = instagramReader({ ...INSTAGRAM_TEST_ACCOUNT, ...INSTAGRAM_TEST_APP, clock });
let instagram: ReturnType<typeof fakeInstagram>;

function recordingLog() {
  const lines: { level: "warn" | "error"; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (details: object, message: string) => lines.push({ level: "warn", details: { ...details }, message }),
      error: (details: object, message: string) => lines.push({ level: "error", details: { ...details }, message }),
    },
  };
}

beforeEach(() => {
  instagram = fakeInstagram();
  mswServer.use(...instagram.handlers);
});

describe("the Instagram token check", () => {
  it("raises nothing for a system user's token that never runs out", async () => {
    const { log, lines } = recordingLog();
    expect(await reader.checkToken?.()).toEqual({ state: "ok", expiresAt: null });
    expect(await checkInstagramToken(reader, log)).toBe(0);
    expect(lines).toEqual([]);
  });

  it("alerts the operator two weeks before a token (or its data access) runs out, not earlier", async () => {
    const { log, lines } = recordingLog();
    instagram.token.expiresAt = new Date(clock.now().getTime() + TOKEN_EXPIRY_WARNING_MS + DAY_MS);
    expect(await checkInstagramToken(reader, log)).toBe(0);
    instagram.token.dataAccessExpiresAt = new Date(clock.now().getTime() + 10 * DAY_MS);
    expect(await checkInstagramToken(reader, log)).toBe(1);
    expect(lines).toEqual([
      {
        level: "error",
        details: { alert: INSTAGRAM_TOKEN_ALERT, expiresAt: "2026-12-15T12:00:00.000Z" },
        message: expect.stringContaining("runs out soon"),
      },
    ]);
  });

  it("alerts the operator when Graph says the token no longer works", async () => {
    const { log, lines } = recordingLog();
    instagram.token.valid = false;
    expect(await checkInstagramToken(reader, log)).toBe(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      details: { alert: INSTAGRAM_TOKEN_ALERT, reason: expect.stringContaining("invalidated") },
    });
  });

  it("alerts the operator when the check cannot run: Graph unreachable, refusing the app, or no app credentials", async () => {
    const { log, lines } = recordingLog();
    mswServer.use(http.get(`${GRAPH_API}/debug_token`, () => HttpResponse.error()));
    expect(await checkInstagramToken(reader, log)).toBe(1);
    mswServer.resetHandlers();
    mswServer.use(...instagram.handlers);
    const otherApp = instagramReader({ ...INSTAGRAM_TEST_ACCOUNT, appId: "999", appSecret: "wrong", clock });
    expect(await checkInstagramToken(otherApp, log)).toBe(1);
    const noApp = instagramReader({ ...INSTAGRAM_TEST_ACCOUNT, clock });
    expect(await checkInstagramToken(noApp, log)).toBe(1);
    expect(lines.map((line) => [line.level, line.details.alert, line.message])).toEqual(
      Array(3).fill(["error", INSTAGRAM_TOKEN_ALERT, expect.stringContaining("could not be checked")]),
    );
    expect(lines.map((line) => line.details.reason)).toEqual([
      "Graph's debug_token is unreachable",
      expect.stringMatching(/^debug_token answered 400: 100 /),
      expect.stringContaining("FACEBOOK_CLIENT_ID"),
    ]);
    // The token itself never reaches the log.
    expect(JSON.stringify(lines)).not.toContain(INSTAGRAM_TEST_ACCOUNT.accessToken);
  });

  it("runs with the cleanup sweeps, and not for a sandbox reader", async () => {
    const { log, lines } = recordingLog();
    instagram.token.valid = false;
    const sweepDeps = (instagramReader: BioProfileReader) =>
      ({ log, networks: { networkProviders: { instagram: instagramReader } } }) as unknown as SweepDeps;
    expect(await SWEEPS.instagramToken(sweepDeps(reader))).toBe(1);
    expect(await SWEEPS.instagramToken(sweepDeps({ sandbox: true, readProfile: async () => null }))).toBe(0);
    expect(lines).toHaveLength(1);
  });
});
