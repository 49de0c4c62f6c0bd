import {
  type Clock,
  createSession,
  type FileStore,
  hashPassword,
  mailQueue,
  type PaymentGateway,
  raiseFlag,
  SANDBOX_FAILING_EMAIL_MARK,
  sandboxPayoutProvider,
  sendChatFile,
  sweepPayouts,
} from "@market/api";
import {
  apiKeyFor,
  callerFor,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
  sandboxTokenOf,
  type TestCaller,
} from "@market/api/testing";
import { DAY_MS, HOUR_MS, SANDBOX_TEST_CARDS, sandboxDeliverables, UNLINKABLE_NETWORKS } from "@market/contracts";
import {
  and,
  chatMessages,
  type Db,
  deals,
  desc,
  eq,
  inArray,
  influencerFlags,
  influencerProfiles,
  isNull,
  ne,
  networks,
  notifications,
  payouts,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "@market/db";
import type { Role } from "./roles";

/** The password of every account of the world: payouts and password changes ask for it. */
export const WORLD_PASSWORD = "matrix-password-1";

/** The two parties of every object and the accounts with no tie to it (roles.ts says who plays which role). */
export interface Accounts {
  brand: { id: number; username: string; email: string };
  influencer: { id: number; username: string; email: string };
  otherBrand: { id: number };
  otherInfluencer: { id: number };
  admin: { id: number };
}

/**
 * What a row acts on, made fresh for a cell that may change it and once for the cells that only read. Each is
 * between the world's brand and influencer; ids are those the route's path or body names.
 */
export interface Made {
  /** The brand's campaign. */
  dealId: number;
  /** An application to it, in the state the row asked for. */
  applicationId: number;
  /** The influencer's network (instagram, linked). */
  networkId: number;
  /** A file in the application's chat, sent by the influencer. */
  fileId: string;
  /** A payout of the influencer (requested, not sent yet; paid or failed in the states that say so). */
  payoutId: number;
  /** The brand's notification of the proposal. */
  notificationId: number;
  /** The card authentication a hire waits for (the sandbox's 3-D Secure card), when the state asks for one. */
  intentSecret: string;
  /** The influencer's standing flag (issue 36), appealed or not as the state says. */
  flagId: number;
  /** An API key of the brand's (issue 39), working. */
  apiKeyId: number;
  /** The brand's webhook endpoint (issue 39) and its one delivery. */
  webhookId: number;
  webhookDeliveryId: number;
}

/** A row about no object. */
export const NOTHING_MADE: Made = {
  dealId: 0,
  applicationId: 0,
  networkId: 0,
  fileId: "",
  payoutId: 0,
  notificationId: 0,
  intentSecret: "",
  flagId: 0,
  apiKeyId: 0,
  webhookId: 0,
  webhookDeliveryId: 0,
};

/**
 * How far along its lifecycle the world takes a row's object: a campaign, a proposal to it, the hire paid, the work
 * done, the money released (8 days ago), a payout of it. Branches: a paused campaign, a hire waiting for its card's
 * authentication, a contested delivery, a paid payout, a failed one, one stuck at its provider; `unlinked` first clears the
 * networks added by name. Apart: the influencer without a standing flag, flagged by the admin, or flagged and
 * appealing (issue 36).
 */
export const OBJECT_STATES = [
  "unlinked",
  "deal",
  "paused",
  "waiting",
  "challenged",
  "paid",
  "delivered",
  "contested",
  "complete",
  "payout",
  "paidPayout",
  "failedPayout",
  "stuckPayout",
  "unflagged",
  "flagged",
  "appealed",
  "apiKey",
  "webhook",
  "webhookLog",
] as const;
export type ObjectState = (typeof OBJECT_STATES)[number];

const STEPS: Record<ObjectState, number> = {
  unlinked: 0,
  deal: 0,
  paused: 0,
  waiting: 1,
  challenged: 1,
  paid: 2,
  delivered: 3,
  contested: 4,
  complete: 4,
  payout: 5,
  paidPayout: 5,
  failedPayout: 5,
  stuckPayout: 5,
  unflagged: 0,
  flagged: 0,
  appealed: 0,
  apiKey: 0,
  webhook: 0,
  webhookLog: 0,
};

export interface WorldDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  payments: PaymentGateway;
  /** Limits are not the matrix's subject: the world makes many objects in a few seconds. */
  rateLimitScale: number;
}

/**
 * The accounts of the authorization matrix and the objects its cells act on, made through the services'
 * own flows (a campaign, a proposal, a paid hire, its delivery and release, a payout), as a user would.
 */
export async function createWorld(deps: WorldDeps) {
  const { db, clock, files, payments, rateLimitScale } = deps;
  const passwordHash = await hashPassword(WORLD_PASSWORD);
  const brand = await createBrand(db);
  const influencer = await createInfluencer(db, { networks: [] });
  const otherBrand = await createBrand(db);
  const otherInfluencer = await createInfluencer(db);
  const admin = await createAdminUser(db);
  const everyone = [brand, influencer, otherBrand, otherInfluencer, admin].map((user) => user.id);
  await db.update(users).set({ passwordHash }).where(inArray(users.id, everyone));
  const accounts: Accounts = { brand, influencer, otherBrand, otherInfluencer, admin };

  const callerOf = (userId: number): Promise<TestCaller> =>
    callerFor(db, { userId }, clock, undefined, files, payments, { rateLimitScale });
  const asBrand = await callerOf(brand.id);
  const asInfluencer = await callerOf(influencer.id);

  /** A new linked instagram account of the influencer (each proposal may price it; a remove takes one away). */
  async function newNetwork(): Promise<number> {
    const [network] = await db
      .insert(networks)
      .values({
        userId: influencer.id,
        type: "instagram",
        title: "matrix on instagram",
        identifier: `matrix-${clock.now().getTime()}-${Math.random()}`,
        followers: 10_000,
        isVerified: true,
      })
      .returning({ id: networks.id });
    if (!network) throw new Error("network not inserted");
    return network.id;
  }

  /** The influencer's flag in the state asked: none standing, a fresh one, or a fresh one appealed. */
  async function flagState(state: "unflagged" | "flagged" | "appealed"): Promise<Made> {
    const now = clock.now();
    await db
      .update(influencerFlags)
      .set({ liftedAt: now })
      .where(and(eq(influencerFlags.influencerId, influencer.id), isNull(influencerFlags.liftedAt)));
    await db.update(influencerProfiles).set({ maybeFake: false }).where(eq(influencerProfiles.userId, influencer.id));
    if (state === "unflagged") return NOTHING_MADE;
    const flagId = await db.transaction((tx) =>
      raiseFlag(
        tx,
        { adminId: admin.id, impersonatedUserId: null },
        { influencerId: influencer.id, reason: "fake_followers", note: "Followers bought in May.", now },
      ),
    );
    if (state === "appealed") await asInfluencer.account.appealFlag({ text: "These followers are real people." });
    return { ...NOTHING_MADE, flagId };
  }

  /**
   * A webhook endpoint of the brand's with one delivery in its log (its secret is never read here). The write cells
   * make many and an account holds at most 10 (the create rows would meet the limit), so each new one replaces the
   * brand's earlier ones, but for the one the reading cells share (`webhookLog`, made once).
   */
  let sharedWebhookId = 0;
  async function brandWebhook(shared: boolean): Promise<Made> {
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, brand.id), ne(webhookEndpoints.id, sharedWebhookId)));
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ userId: brand.id, url: "https://93.184.216.34/hook", events: ["message.received"], secret: "sealed" })
      .returning({ id: webhookEndpoints.id });
    const webhookId = endpoint?.id ?? 0;
    if (shared) sharedWebhookId = webhookId;
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ endpointId: webhookId, eventId: "evt_matrix", eventType: "ping", payload: "{}", status: "failed" })
      .returning({ id: webhookDeliveries.id });
    return { ...NOTHING_MADE, webhookId, webhookDeliveryId: delivery?.id ?? 0 };
  }

  /** The object a row acts on, as far along the lifecycle as `state`. */
  async function make(state: ObjectState): Promise<Made> {
    if (state === "apiKey") return { ...NOTHING_MADE, apiKeyId: (await apiKeyFor(db, brand.id)).id };
    if (state === "unflagged" || state === "flagged" || state === "appealed") return flagState(state);
    if (state === "webhook" || state === "webhookLog") return brandWebhook(state === "webhookLog");
    const steps = STEPS[state];
    if (state === "unlinked") {
      await db
        .delete(networks)
        .where(
          and(
            inArray(networks.userId, [influencer.id, otherInfluencer.id]),
            inArray(networks.type, [...UNLINKABLE_NETWORKS]),
          ),
        );
    }
    const { id: dealId } = await asBrand.deals.create(campaignBody(clock, { networks: ["instagram"] }));
    const networkId = await newNetwork();
    const made: Made = { ...NOTHING_MADE, dealId, networkId };
    if (state === "paused") await asBrand.deals.pause({ id: dealId });
    if (steps < 1) return made;
    // Approved, as an admin would: only an approved campaign takes invitations.
    await db.update(deals).set({ reviewStatus: "OK" }).where(eq(deals.id, dealId));
    const { id } = await asInfluencer.applications.create({
      dealId,
      text: "I would love to run this",
      expiration: new Date(clock.now().getTime() + 20 * DAY_MS),
      prices: [{ networkId, price: 100, creationDays: 5 }],
    });
    made.applicationId = id;
    const sent = await sendFile(deps, influencer, id);
    made.fileId = sent.type === "file" && sent.file ? sent.file.id : "";
    made.notificationId = await newestNotificationOf(db, brand.id);
    if (state === "challenged") {
      const token = await sandboxTokenOf(asBrand, SANDBOX_TEST_CARDS.requiresAuthentication);
      const hire = { id, frontendPriceInCents: 11_000, networks: ["instagram" as const] };
      const result = await asBrand.applications.accept({ ...hire, cardOptions: { token } });
      made.intentSecret = result.requiresAction ? result.intentSecret : "";
      return made;
    }
    if (steps < 2) return made;
    await asBrand.applications.accept({
      id,
      frontendPriceInCents: 11_000,
      networks: ["instagram"],
      cardOptions: { token: await sandboxTokenOf(asBrand, SANDBOX_TEST_CARDS.succeeds) },
    });
    if (steps < 3) return made;
    await asInfluencer.applications.workDone({ id, deliverables: sandboxDeliverables(["instagram"]) });
    if (state === "contested") {
      await asBrand.applications.workNotDone({ id, text: "The post is missing." });
      return made;
    }
    if (steps < 4) return made;
    await asBrand.applications.release({ id });
    // Released 8 days ago: the brand's feedback opens 7 days after the release.
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(clock.now().getTime() - 8 * DAY_MS) })
      .where(and(eq(chatMessages.applicationId, id), eq(chatMessages.type, "money_released")));
    if (steps < 5) return made;
    await asInfluencer.earnings.requestPayout({
      method: "paypal",
      // The sandbox provider fails a payout to an address holding its mark.
      email: state === "failedPayout" ? `matrix-${SANDBOX_FAILING_EMAIL_MARK}@paypal.example` : "matrix@paypal.example",
      amountInCents: 2_000,
      password: WORLD_PASSWORD,
    });
    const [payout] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.userId, influencer.id))
      .orderBy(desc(payouts.id))
      .limit(1);
    made.payoutId = payout?.id ?? 0;
    if (state === "failedPayout" || state === "paidPayout") await settlePayouts();
    if (state === "stuckPayout") {
      // Sent two days ago to PayPal, never answered: the console's payouts queue calls it stuck.
      await db
        .update(payouts)
        .set({
          sentAt: new Date(clock.now().getTime() - 2 * DAY_MS),
          providerReference: `matrix-stuck-${made.payoutId}`,
          nextAttemptAt: new Date(clock.now().getTime() + HOUR_MS),
        })
        .where(eq(payouts.id, made.payoutId));
    }
    return made;
  }

  /**
   * The payout worker's two passes on the sandbox provider: one sends, the next reads the outcome (failed for an
   * address holding its mark, else paid).
   */
  async function settlePayouts(): Promise<void> {
    const provider = sandboxPayoutProvider({ clock, delayMs: 0, method: "paypal" });
    const worker = {
      db,
      clock,
      mailer: mailQueue(clock),
      payoutProviders: { paypal: provider, transferwise: provider },
    };
    await sweepPayouts(worker);
    // The second pass an hour on, on its own clock: the test's clock itself stays where it is.
    await sweepPayouts({ ...worker, clock: { now: () => new Date(clock.now().getTime() + HOUR_MS) } });
  }

  /** A session of the account playing `role`; `owner` is whom the admin acts as. */
  async function sessionOf(role: Exclude<Role, "visitor">, owner: "brand" | "influencer"): Promise<string> {
    const userId = role === "adminActing" ? accounts[owner].id : accounts[role].id;
    const impersonatorId = role === "adminActing" ? admin.id : null;
    return (await createSession(db, clock, userId, impersonatorId)).token;
  }

  /**
   * An API key with every scope of the account playing `role` (issue 39): the matrix's key rows call as it; admins
   * have none.
   */
  async function keyOf(role: "brand" | "influencer" | "otherBrand" | "otherInfluencer"): Promise<string> {
    return (await apiKeyFor(db, accounts[role].id)).key;
  }

  /** A sandbox card token of the brand's, not used yet (the sandbox, as Stripe, takes each once). */
  const cardToken = () => sandboxTokenOf(asBrand, SANDBOX_TEST_CARDS.succeeds);

  return { accounts, make, sessionOf, keyOf, cardToken };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

async function newestNotificationOf(db: Db, userId: number): Promise<number> {
  const [note] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return note?.id ?? 0;
}

/** A text file from the influencer to the application's chat, as POST /api/applications/{id}/file stores it. */
function sendFile(deps: WorldDeps, influencer: { id: number; username: string }, applicationId: number) {
  const viewer = { sessionId: "world", userId: influencer.id, kind: "influencer", username: influencer.username };
  return sendChatFile(deps, { ...viewer, kind: "influencer", impersonatorId: null }, applicationId, {
    bytes: new TextEncoder().encode("the brief"),
    name: "brief.txt",
  });
}
