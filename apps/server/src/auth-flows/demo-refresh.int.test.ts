import { createSession, createTokenCipher, DEV_NETWORK_TOKEN_KEY, fixedClock } from "@market/api";
import { and, eq, networks, users } from "@market/db";
import { DEMO_ACCOUNTS, seedDemo } from "@market/db/seed";
import { beforeAll, describe, expect, it } from "vitest";
import { post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

/**
 * A newcomer on a fresh machine (no provider configured, no token key) logs in as the demo influencer and
 * refreshes a seeded OAuth network: the seed sealed sandbox tokens with the development key, so the network
 * sandbox reads the account again (YouTube's expired token renewed first) instead of answering a problem; the
 * Instagram sandbox reads the seeded Instagram account by its username.
 */

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, rateLimitScale: 100 });
const cipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);

let token = "";
const demoNetwork = async (type: "youtube" | "twitter" | "facebook" | "instagram") => {
  const [row] = await server.db
    .select({ id: networks.id, accessToken: networks.accessToken, followers: networks.followers })
    .from(networks)
    .innerJoin(users, eq(users.id, networks.userId))
    .where(and(eq(users.username, DEMO_ACCOUNTS.influencer.username), eq(networks.type, type)));
  if (!row) throw new Error(`the demo influencer has no ${type} network`);
  return row;
};

beforeAll(async () => {
  await seedDemo(server.db, {
    hashPassword: async (plain) => `plain:${plain}`,
    now: clock.now(),
    encryptToken: (plain) => cipher.encryptToken(plain),
  });
  const [demo] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, DEMO_ACCOUNTS.influencer.username));
  token = (await createSession(server.db, clock, demo?.id ?? 0)).token;
}, 120_000);

describe("refreshing the demo influencer's seeded networks", () => {
  it("stores the tokens sealed, never in clear", async () => {
    const youtube = await demoNetwork("youtube");
    expect(youtube.accessToken).toMatch(/^v1\./);
    expect(cipher.decryptToken(youtube.accessToken ?? "")).toBe("sandbox-access.youtube.demo.seed");
  });

  // Instagram's is read by its username (no token): the sandbox holds it as a hidden profile.
  it.each(["youtube", "twitter", "facebook", "instagram"] as const)(
    "answers the %s network read again, without a problem",
    async (type) => {
      const before = await demoNetwork(type);
      const refreshed = await post(server.app, "/api/networks/refresh", { id: before.id }, { token });
      expect(refreshed.statusCode).toBe(200);
      const network = refreshed.json().data;
      expect(network).toMatchObject({ id: before.id, type, isVerified: true, problem: null });
      expect(network.followers).toBeGreaterThan(before.followers);
      expect(JSON.stringify(refreshed.json())).not.toContain("sandbox-access");
    },
  );

  it("renewed YouTube's expired token and stored the new one sealed", async () => {
    const youtube = await demoNetwork("youtube");
    const access = cipher.decryptToken(youtube.accessToken ?? "");
    expect(access).toMatch(/^sandbox-access\.youtube\.demo\./);
    expect(access).not.toBe("sandbox-access.youtube.demo.seed");
  });
});
