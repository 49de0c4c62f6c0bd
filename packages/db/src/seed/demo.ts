import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { rowsOf } from "../client";
import { refreshInfluencerSearchColumns } from "../search-columns";
import { seedApiKeys } from "./api-keys";
import { seedApplications } from "./applications";
import { seedAudienceHistories } from "./audience-histories";
import { seedBrands } from "./brands";
import { SeedClock } from "./clock";
import { seedConsoleAudit } from "./console-audit";
import { seedConsoleCases } from "./console-cases";
import { seedConsoleDashboard } from "./console-dashboard";
import { seedConsoleFlags } from "./console-flags";
import { seedConsolePayouts } from "./console-payouts";
import { seedConsoleUsers } from "./console-users";
import { createSeedContext } from "./context";
import { seedDealImages } from "./deal-images";
import { seedDeals } from "./deals";
import { seedDeliveries } from "./deliveries";
import { DEMO_LOGINS, DEMO_PASSWORD, type DemoLogin } from "./demo-logins";
import { seedInfluencers } from "./influencers";
import { seedInvitations } from "./invitations";
import { seedLedger } from "./ledger";
import { seedNotifications } from "./notifications";
import { seedReviewReports } from "./review-reports";
import { seedWebhooks } from "./webhooks";

export interface SeedOptions {
  hashPassword: (plain: string) => Promise<string>;
  /** The moment the marketplace is seeded at; relative dates (deadlines, expirations) follow it. */
  now?: Date;
  /**
   * Stores the bytes of the seeded files (deal images, chat files) under their storage keys. Without it the
   * file rows exist but the file store has nothing to serve for them.
   */
  saveFile?: (file: { storageKey: string; contentType: string; bytes: Uint8Array }) => Promise<void>;
  /**
   * The API's token cipher (encryptToken): the demo influencer's Facebook, Twitter and YouTube networks then hold
   * sandbox tokens sealed as a real link stores them, so refreshing them reads the network sandboxes.
   */
  encryptToken?: (token: string) => string;
}

export interface SeedResult {
  summary: Record<string, number>;
  logins: DemoLogin[];
}

/** Any constant: it serializes concurrent first starts so only one instance seeds. */
const SEED_LOCK_KEY = 727_003;

/**
 * Seeds the demo marketplace into an empty database, once. Returns null, touching nothing, when any user
 * exists. Safe when several instances start at once: the check is repeated under a transaction lock.
 */
export async function seedDemoIfEmpty(db: Db, options: SeedOptions): Promise<SeedResult | null> {
  if (await hasUsers(db)) return null;
  // Hashing (argon2, slow on purpose) happens before the lock is taken.
  const passwordHash = await options.hashPassword(DEMO_PASSWORD);
  return seed(db, options, passwordHash, true);
}

/** Seeds the demo marketplace unconditionally (tests use it on fresh databases). */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result = await seed(db, options, await options.hashPassword(DEMO_PASSWORD), false);
  if (!result) throw new Error("seeding was skipped");
  return result;
}

async function seed(db: Db, options: SeedOptions, passwordHash: string, onlyIfEmpty: boolean) {
  const clock = new SeedClock(options.now ?? new Date());
  const seeded = await db.transaction(async (tx) => {
    if (onlyIfEmpty) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (await hasUsers(tx)) return null;
    }
    const ctx = createSeedContext(tx, clock, passwordHash, options.encryptToken);
    const brands = await seedBrands(ctx);
    const influencers = await seedInfluencers(ctx);
    const networkSnapshots = await seedAudienceHistories(ctx, influencers);
    const deals = await seedDeals(ctx, brands);
    const dealImages = await seedDealImages(ctx, deals);
    const { applications, files: chatFiles } = await seedApplications(ctx, deals, influencers);
    const files = [...dealImages, ...chatFiles];
    const invitations = await seedInvitations(ctx, deals, influencers, applications);
    const ledger = await seedLedger(ctx, applications, influencers);
    const delivered = await seedDeliveries(ctx);
    files.push(...delivered.files);
    const notifications = await seedNotifications(ctx, { brands, influencers, deals, applications, invitations });
    const consoleDashboard = await seedConsoleDashboard(ctx);
    const consolePayouts = await seedConsolePayouts(ctx, influencers);
    await seedConsoleCases(ctx);
    files.push(...(await seedConsoleFlags(ctx, influencers)));
    const consoleUsers = await seedConsoleUsers(ctx);
    const audit = await seedConsoleAudit(ctx);
    const reviewReports = await seedReviewReports(ctx);
    const apiKeyCount = await seedApiKeys(ctx, brands);
    const webhooks = await seedWebhooks(ctx);
    await refreshInfluencerSearchColumns(tx);
    const summary: Record<string, number> = {
      admins: 2,
      brands: brands.length,
      influencers: influencers.length,
      networks: influencers.reduce((sum, influencer) => sum + influencer.networks.length, 0),
      networkSnapshots,
      deals: deals.length,
      dealImages: dealImages.length,
      invitations: invitations.length,
      applications: applications.length,
      applicationPrices: applications.reduce((sum, application) => sum + application.prices.length, 0),
      chatMessages: applications.reduce((sum, application) => sum + application.messages.length, 0),
      files: files.length,
      feedback: applications.filter((application) => application.feedback).length,
      ...ledger,
      deliveries: delivered.deliveries,
      ...notifications,
      ...consoleDashboard,
      ...consolePayouts,
      ...consoleUsers,
      ...audit,
      ...reviewReports,
      apiKeys: apiKeyCount,
      ...webhooks,
    };
    return { summary, files };
  });
  if (!seeded) return null;
  const { saveFile } = options;
  // Written concurrently: a couple of hundred small files, which one at a time would add a noticeable pause.
  if (saveFile) await Promise.all(seeded.files.map((file) => saveFile(file)));
  return { summary: seeded.summary, logins: DEMO_LOGINS.map((login) => ({ ...login })) };
}

async function hasUsers(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from users) as found`));
  return row?.found === true;
}
