import { randomBytes } from "node:crypto";
import { type CampaignInput, DAY_MS, HOUR_MS, NETWORK_TYPES, REVIEW_STATUSES } from "@market/contracts";
import { type Db, deals, eq, insertSandboxSavedCard, networks, refreshInfluencerSearchColumns } from "@market/db";
import { z } from "zod";
import type { Clock } from "../../clock";
import { insertAccount } from "../auth/accounts";
import { hashPassword } from "../auth/password";
import { createSession } from "../auth/sessions";
import { pauseCampaign } from "../deals/campaign-actions";
import { createCampaign } from "../deals/save-campaign";

/** Every account the browser tests create signs in with this password. */
export const TEST_USER_PASSWORD = "e2e-password-123";

/** Open campaigns of test users end a month after they are made. */
const OPEN_FOR_MS = 30 * DAY_MS;

/**
 * Body of POST /api/test/users: the account a browser test needs, made in one call. Brands may come with a saved
 * card and campaigns in any state (a closed one cannot be made through the API, whose deadlines must be ahead);
 * influencers with verified networks (linking one needs the provider's OAuth, which a test cannot go through).
 */
export const testUserInput = z
  .object({
    kind: z.enum(["brand", "influencer", "admin"]),
    /** Whether the onboarding modal has been passed; a test of the modal itself asks for false. */
    onboarded: z.boolean().default(true),
    networks: z
      .array(z.object({ type: z.enum(NETWORK_TYPES), followers: z.number().int().min(2_100).max(9_000_000) }).strict())
      .max(NETWORK_TYPES.length)
      .default([]),
    savedCard: z.boolean().default(false),
    campaigns: z
      .array(
        z
          .object({
            title: z.string().trim().min(1).max(100),
            status: z.enum(["open", "paused", "closed"]).default("open"),
            review: z.enum(REVIEW_STATUSES).default("NONE"),
          })
          .strict(),
      )
      .max(20)
      .default([]),
  })
  .strict()
  .refine((input) => input.kind === "influencer" || input.networks.length === 0, {
    path: ["networks"],
    message: "Only influencers have networks.",
  })
  .refine((input) => input.kind !== "influencer" || (!input.savedCard && input.campaigns.length === 0), {
    path: ["kind"],
    message: "Only brands have a saved card and campaigns.",
  });
export type TestUserInput = z.input<typeof testUserInput>;

export interface TestUser {
  id: number;
  kind: "brand" | "influencer" | "admin";
  username: string;
  email: string;
  password: string;
  networks: { id: number; type: string }[];
  campaigns: { id: number; title: string }[];
}

let passwordHash: Promise<string> | undefined;

/**
 * A fresh account for one browser test (unique username and email), with the extras it asked for, and a session of
 * it. Accounts are made by the services sign-up and campaigns use, so they are what a real user would have.
 */
export async function createTestUser(
  deps: { db: Db; clock: Clock },
  input: z.output<typeof testUserInput>,
): Promise<{ user: TestUser; session: { token: string; expiresAt: Date } }> {
  const { db, clock } = deps;
  const username = `${input.kind}_${randomBytes(5).toString("hex")}`;
  const email = `${username}@e2e.example`;
  // Hashed once per server (argon2 is slow on purpose); every test account shares the password anyway.
  passwordHash ??= hashPassword(TEST_USER_PASSWORD);
  const { id } = await insertAccount(db, {
    kind: input.kind === "influencer" ? "influencer" : "brand",
    username,
    email,
    passwordHash: await passwordHash,
    brandName: input.kind === "admin" ? "Administration" : `Brand ${username}`,
    // Admins are brand accounts flagged is_admin, as `npm run admin:create` makes them.
    isAdmin: input.kind === "admin",
    hasSeenOnboarding: input.onboarded,
    at: clock.now(),
  });

  const linked = input.networks.length
    ? await db
        .insert(networks)
        .values(
          input.networks.map((network) => ({
            userId: id,
            type: network.type,
            title: `${username} on ${network.type}`,
            identifier: `${username}-${network.type}`,
            followers: network.followers,
            isVerified: true,
          })),
        )
        .returning({ id: networks.id, type: networks.type })
    : [];
  if (linked.length) await refreshInfluencerSearchColumns(db, [id]);

  if (input.savedCard) {
    // The sandbox gateway's succeeding test card, saved for the user as the demo brand has it: it really pays.
    await insertSandboxSavedCard(db, id, clock.now().getUTCFullYear() + 3, `e2e_${id}`);
  }

  const campaigns: TestUser["campaigns"] = [];
  for (const campaign of input.campaigns) {
    const { id: dealId } = await createCampaign(deps, id, campaignOf(campaign.title, clock));
    if (campaign.status === "paused") await pauseCampaign(deps, id, dealId);
    const closed = campaign.status === "closed" ? { deadline: new Date(clock.now().getTime() - HOUR_MS) } : {};
    await db
      .update(deals)
      .set({ reviewStatus: campaign.review, ...closed })
      .where(eq(deals.id, dealId));
    campaigns.push({ id: dealId, title: campaign.title });
  }

  const user: TestUser = {
    id,
    kind: input.kind,
    username,
    email,
    password: TEST_USER_PASSWORD,
    networks: linked,
    campaigns,
  };
  return { user, session: await createSession(db, clock, id) };
}

function campaignOf(title: string, clock: Clock): CampaignInput {
  return {
    networks: ["instagram", "youtube"],
    title,
    category: "beauty",
    price: "p100_250",
    deadline: new Date(clock.now().getTime() + OPEN_FOR_MS),
    link: "https://example.com/e2e",
    aAbout: "Anyone who follows beauty news",
    aCountries: ["all"],
    aLanguages: ["en"],
    description: `${title}: a campaign made by the browser tests.`,
    images: [],
    extras: [],
    eDiscount: "",
    eGiveaway: "",
    eFree: "",
  };
}
