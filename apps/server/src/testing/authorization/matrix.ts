import type { Clock } from "@market/api";
import { campaignBody, SAMPLE_FEEDBACK, SAMPLE_REVIEW } from "@market/api/testing";
import { DAY_MS, SANDBOX_TEST_CARDS, sandboxDeliverables } from "@market/contracts";
import type { Answers } from "./roles";
import { type Accounts, type Made, type ObjectState, WORLD_PASSWORD } from "./world";

/**
 * Who may call every route of the server, and what each caller gets: the answer of each role of roles.ts (an HTTP
 * status; a redirect's with the path it sends the browser to; 101 for a WebSocket that opens), in its order:
 *
 *     visitor  brand  influencer  otherBrand  otherInfluencer  admin  adminActing
 *
 * One row per route: each tRPC procedure (its queries and mutations on /trpc/{path}, its subscriptions on the /trpc
 * WebSocket), each REST path (/api, /admin/api, /auth, /files, /admin/login) and the /notifications WebSocket.
 * matrix.int.test.ts reads the server's own route table and the router's procedures, fails on a route without a
 * row (and on a row without a route), and runs every cell on a fresh object for a cell that writes.
 *
 * A 2xx of the owner is the action done; where the owner's answer is a 4xx other than 401/403/404 the row says
 * why (the request reached the service, which refused the object's state or the input). A REST path answers as
 * the procedure it calls unless its row says otherwise.
 */

/** What a row's request is built from. */
export interface Ask {
  made: Made;
  accounts: Accounts;
  clock: Clock;
  /** The caller's account kind (null for a visitor): a body whose shape depends on it (settings). */
  kind: "brand" | "influencer" | null;
  /** A string never used before in this run (usernames, emails). */
  unique: () => string;
  /** A sandbox card token made by the world's brand, not used yet. */
  cardToken: () => Promise<string>;
}

type Owner = "brand" | "influencer";

/** A work-done body for the world's hire (instagram hired): its sandbox post and the chat's file. */
const DONE_BODY = (made: Made) => ({ deliverables: sandboxDeliverables(["instagram"]), files: [made.fileId] });

interface RowBase {
  /** Whose object it is: the party whose column is the owner's, and whom the admin acts as. */
  owner: Owner;
  /** The object the route acts on, made fresh for each cell of a row that writes; none for an account's route. */
  object?: ObjectState;
  answers: Answers;
  /** Why an answer is not the plain one of its tier. */
  note?: string;
}

export interface ProcedureRow extends RowBase {
  input?: (ask: Ask) => unknown;
}

export interface HttpCall {
  url: string;
  body?: unknown;
  /** A multipart upload of one file field instead of a JSON body. */
  file?: { name: string; bytes: Uint8Array };
  headers?: Record<string, string>;
}

export interface HttpRow extends RowBase {
  request: (ask: Ask) => HttpCall;
}

export interface RestRow {
  procedure: ProcedurePath;
  request: (ask: Ask) => HttpCall | Promise<HttpCall>;
  /** When the path answers otherwise than its procedure. */
  answers?: Answers;
  note?: string;
}

// The answers of each tier (trpc.ts), for a route about no object or about an object everyone may read.
const ANYONE = "200 200 200 200 200 200 200";
const SIGNED_IN = "401 200 200 200 200 200 200";
/** An admin's own account is a brand's. */
const BRANDS = "401 200 403 200 403 200 200";
const INFLUENCERS = "401 403 200 403 200 403 200";
const ADMIN_ACTING = "401 403 403 403 403 403 200";
/** The operator's console (issue 36): an admin in their own session only; acting as a user, stop first. */
const CONSOLE = "401 403 403 403 403 200 403";
// About an object: its parties only; anyone else is told it does not exist.
/** The brand's campaign, which influencers do not manage. */
const BRAND_OWNS = "401 200 403 404 403 404 200";
const PARTIES = "401 200 200 404 404 404 200";
/** An action of the application's brand: the influencer is a party the lifecycle table refuses. */
const BRANDS_ACTION = "401 200 403 404 404 404 200";
const INFLUENCERS_ACTION = "401 403 200 404 404 404 200";
const INFLUENCER_OWNS = "401 403 200 403 404 403 200";
/** API keys (issue 39): brands and influencers in their own sessions; never an admin, nor one acting as a user. */
const KEY_OWNERS = "401 200 200 200 200 403 403";
/** One of the brand's keys: anyone else is told it does not exist. */
const KEYS_OWN = "401 200 404 404 404 403 403";
/** Issue 39: every brand's and influencer's own webhooks; an admin's own account has none. */
const WEBHOOK_ACCOUNTS = "401 200 200 200 200 403 200";
/** A brand's webhook endpoint: the brand alone changes it (an admin acting may only read it). */
const WEBHOOK_OWNER_WRITES = "401 200 404 404 404 403 403";
/**
 * A browser navigation of the influencer's linking flows: a visitor is sent to log in, a brand home, an influencer
 * on to `to`.
 */
const navigation = (to: string) => `302:/login 302:/ 302:${to} 302:/ 302:${to} 302:/ 302:${to}`;
/** The sandbox's consent page (a fake provider's page): anyone may open it, as a provider's own. */
const CONSENT_QUERY = `state=matrix&code_challenge=${"a".repeat(43)}`;

const days = (clock: Clock, n: number) => new Date(clock.now().getTime() + n * DAY_MS);

const profileOf = (kind: Ask["kind"]) =>
  kind === "influencer"
    ? {
        about: "",
        category: "beauty",
        city: "Lyon",
        country: "fr",
        audience: { males: 40, ages: [18, 30], interests: [], country: null },
      }
    : { brandName: "Matrix Co", about: "" };

export const PROCEDURE_ROWS = {
  "account.me": { owner: "brand", answers: ANYONE },
  "account.balance": { owner: "influencer", answers: INFLUENCERS },
  "account.card": { owner: "brand", answers: BRANDS },
  "account.flag": { owner: "influencer", answers: INFLUENCERS },
  "account.appealFlag": {
    owner: "influencer",
    object: "flagged",
    answers: INFLUENCER_OWNS,
    note: "the other influencer has no standing flag to appeal (not_found)",
    input: () => ({ text: "My followers are real people." }),
  },
  "account.forgetCard": { owner: "brand", answers: BRANDS },
  "account.onboardingSeen": { owner: "brand", answers: SIGNED_IN },
  "account.saveOnboardingProfile": {
    owner: "influencer",
    answers: INFLUENCERS,
    input: () => ({ category: "beauty", city: "Lyon", country: "fr", audience: { males: 40, ages: [18, 30] } }),
  },
  "admin.console.audit.list": { owner: "brand", answers: CONSOLE, input: () => ({}) },
  "admin.console.audit.csv": { owner: "brand", answers: CONSOLE, input: () => ({ action: "refund" }) },
  "admin.console.payouts.list": { owner: "influencer", answers: CONSOLE, input: () => ({ state: "stuck" }) },
  "admin.console.payouts.counts": { owner: "influencer", answers: CONSOLE },
  "admin.console.payouts.get": {
    owner: "influencer",
    object: "payout",
    answers: CONSOLE,
    input: ({ made }) => ({ id: made.payoutId }),
  },
  "admin.console.payouts.retry": {
    owner: "influencer",
    object: "failedPayout",
    answers: CONSOLE,
    input: ({ made }) => ({ id: made.payoutId, state: "failed", reason: "The account was fixed" }),
  },
  "admin.console.payouts.markFailed": {
    owner: "influencer",
    object: "stuckPayout",
    answers: CONSOLE,
    input: ({ made }) => ({ id: made.payoutId, reason: "PayPal never answered" }),
  },
  "admin.console.cases.list": { owner: "brand", answers: CONSOLE, input: () => ({ kind: "contest" }) },
  "admin.console.cases.get": {
    owner: "brand",
    object: "contested",
    answers: CONSOLE,
    input: ({ made }) => ({ applicationId: made.applicationId }),
  },
  "admin.console.cases.evidence": {
    owner: "brand",
    object: "contested",
    answers: CONSOLE,
    input: ({ made }) => ({ applicationId: made.applicationId }),
  },
  "admin.console.cases.decide": {
    owner: "brand",
    object: "contested",
    answers: CONSOLE,
    input: ({ made }) => ({ applicationId: made.applicationId, decision: "close", reason: "Both sides heard." }),
  },
  "admin.console.dashboard.get": { owner: "brand", answers: CONSOLE, input: () => ({ days: 7 }) },
  "admin.console.dashboard.queues": { owner: "brand", answers: CONSOLE },
  "admin.console.deals.queue": { owner: "brand", answers: CONSOLE, input: () => ({ category: "beauty" }) },
  "admin.console.deals.review": {
    owner: "brand",
    object: "deal",
    answers: CONSOLE,
    input: ({ made }) => ({ id: made.dealId, decision: "KO", reason: "The link leads to a page that does not exist." }),
  },
  "admin.console.reviews.list": { owner: "influencer", answers: CONSOLE, input: () => ({}) },
  "admin.console.reviews.hide": {
    owner: "influencer",
    object: "complete",
    answers: "401 403 403 403 403 404 403",
    note: "the world's hire has no review to hide (not_found to the admin; reviews.int.test.ts hides one)",
    input: ({ made }) => ({ applicationId: made.applicationId, side: "of_brand", hidden: true, reason: "Spam" }),
  },
  "admin.console.flags.list": { owner: "influencer", answers: CONSOLE, input: () => ({ tab: "flagged" }) },
  "admin.console.flags.get": {
    owner: "influencer",
    object: "flagged",
    answers: CONSOLE,
    input: ({ made }) => ({ flagId: made.flagId }),
  },
  "admin.console.flags.flag": {
    owner: "influencer",
    object: "unflagged",
    answers: CONSOLE,
    input: ({ accounts }) => ({ influencer: accounts.influencer.id, reason: "fake_followers", note: "Bought." }),
  },
  "admin.console.flags.decide": {
    owner: "influencer",
    object: "appealed",
    answers: CONSOLE,
    input: ({ made }) => ({ flagId: made.flagId, decision: "lift", reason: "The audience checks out." }),
  },
  "admin.console.refunds.list": { owner: "brand", answers: CONSOLE, input: () => ({}) },
  "admin.console.refunds.approve": {
    owner: "brand",
    answers: "401 403 403 403 403 404 403",
    note: "an admin reaches the service, which knows no such request (the two-person rule's tests decide real ones)",
    input: () => ({ id: 2_000_000_000 }),
  },
  "admin.console.refunds.reject": {
    owner: "brand",
    answers: "401 403 403 403 403 404 403",
    note: "an admin reaches the service, which knows no such request (the two-person rule's tests decide real ones)",
    input: () => ({ id: 2_000_000_000, reason: "Not needed" }),
  },
  "admin.console.users.search": { owner: "brand", answers: CONSOLE, input: () => ({ q: "brand" }) },
  "admin.console.users.get": {
    owner: "brand",
    answers: CONSOLE,
    input: ({ accounts }) => ({ id: accounts.influencer.id }),
  },
  "admin.console.users.impersonate": {
    owner: "influencer",
    answers: CONSOLE,
    input: ({ accounts }) => ({ userId: accounts.influencer.id, reason: "Checking a support request" }),
  },
  "admin.reviewDeal": {
    owner: "brand",
    object: "deal",
    answers: ADMIN_ACTING,
    input: ({ made }) => ({ id: made.dealId, decision: "OK" }),
  },
  "admin.flagInfluencer": {
    owner: "influencer",
    answers: ADMIN_ACTING,
    input: ({ accounts }) => ({ id: accounts.influencer.id, decision: "KO" }),
  },
  "admin.closeCase": {
    owner: "brand",
    object: "contested",
    answers: ADMIN_ACTING,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "admin.refund": {
    owner: "brand",
    object: "paid",
    answers: ADMIN_ACTING,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.get": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.receipt": {
    owner: "brand",
    object: "paid",
    answers: BRAND_OWNS,
    note: "the brand's payment: the hire's influencer is refused as any influencer is, by the procedure's tier",
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.create": {
    owner: "influencer",
    object: "deal",
    answers: "401 403 200 403 400 403 200",
    note: "another influencer may apply, but not with a network of someone else's: invalid",
    input: ({ made, clock }) => ({
      dealId: made.dealId,
      text: "Let me run it",
      expiration: days(clock, 20),
      prices: [{ networkId: made.networkId, price: 100, creationDays: 5 }],
    }),
  },
  "applications.update": {
    owner: "influencer",
    object: "waiting",
    answers: "401 403 200 403 404 403 200",
    note: "no brand updates a proposal (forbidden) whoever's it is",
    input: ({ made, clock }) => ({
      id: made.applicationId,
      expiration: days(clock, 21),
      prices: [{ networkId: made.networkId, price: 120, creationDays: 5 }],
    }),
  },
  "applications.list": { owner: "brand", answers: SIGNED_IN, input: () => ({}) },
  "applications.ofCampaign": {
    owner: "brand",
    object: "waiting",
    answers: BRAND_OWNS,
    input: ({ made }) => ({ id: made.dealId }),
  },
  "applications.requestChanges": {
    owner: "brand",
    object: "waiting",
    answers: BRANDS_ACTION,
    input: ({ made }) => ({ id: made.applicationId, prices: [{ network: "instagram", price: 150 }] }),
  },
  "applications.decline": {
    owner: "brand",
    object: "waiting",
    answers: BRANDS_ACTION,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.accept": {
    owner: "brand",
    object: "waiting",
    answers: BRANDS_ACTION,
    input: async ({ made, cardToken }) => ({
      id: made.applicationId,
      frontendPriceInCents: 11_000,
      networks: ["instagram"],
      cardOptions: { token: await cardToken() },
    }),
  },
  "applications.workDone": {
    owner: "influencer",
    object: "paid",
    answers: INFLUENCERS_ACTION,
    // The delivery (issue 37): the hired network's post and a file of the application's own chat.
    input: ({ made }) => ({ id: made.applicationId, ...DONE_BODY(made) }),
  },
  "applications.workNotDone": {
    owner: "brand",
    object: "delivered",
    answers: BRANDS_ACTION,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.release": {
    owner: "brand",
    object: "delivered",
    answers: BRANDS_ACTION,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.feedback": {
    owner: "brand",
    object: "complete",
    answers: BRANDS_ACTION,
    note: "the feedback page is the brand's; the influencer reads the feedback on the application page",
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.leaveFeedback": {
    owner: "brand",
    object: "complete",
    answers: BRANDS_ACTION,
    input: ({ made }) => ({ ...SAMPLE_FEEDBACK, id: made.applicationId }),
  },
  // Reviews both ways (issue 40): the complete hire was released 8 days ago, inside the reviews' window.
  "applications.review": {
    owner: "influencer",
    object: "complete",
    answers: INFLUENCERS_ACTION,
    note: "the review page is the influencer's; the brand reads the review once published, on its own pages",
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "applications.writeReview": {
    owner: "influencer",
    object: "complete",
    answers: INFLUENCERS_ACTION,
    input: ({ made }) => ({ ...SAMPLE_REVIEW, id: made.applicationId }),
  },
  // A brand's public profile (issue 40): any signed-in reader; never private data (brand-profile.int.test.ts).
  "brands.profile": { owner: "brand", answers: SIGNED_IN, input: ({ accounts }) => ({ id: accounts.brand.id }) },
  // Campaign reports (issue 40): the brand's own campaigns; another brand's is not found.
  "reports.campaign": {
    owner: "brand",
    object: "deal",
    answers: BRAND_OWNS,
    input: ({ made }) => ({ id: made.dealId }),
  },
  "reports.period": { owner: "brand", answers: BRANDS, input: () => ({}) },
  "reports.csv": { owner: "brand", answers: BRANDS, input: () => ({}) },
  "reviews.ofBrand": { owner: "brand", answers: SIGNED_IN, input: ({ accounts }) => ({ id: accounts.brand.id }) },
  "reviews.ofInfluencer": {
    owner: "influencer",
    answers: ANYONE,
    input: ({ accounts }) => ({ id: accounts.influencer.id }),
  },
  "reviews.report": {
    owner: "influencer",
    object: "complete",
    answers: "401 404 404 404 404 404 404",
    note: "the world's hire has no published review: reporting an unpublished one is not_found to all (reviews.int.test.ts reports a published one)",
    input: ({ made }) => ({ applicationId: made.applicationId, side: "of_brand", reason: "spam" }),
  },
  "auth.signUp": {
    owner: "brand",
    answers: ANYONE,
    input: ({ unique }) => ({
      kind: "influencer",
      username: `m${unique()}`,
      email: `m${unique()}@matrix.example`,
      password: WORLD_PASSWORD,
    }),
  },
  "auth.login": {
    owner: "brand",
    answers: ANYONE,
    input: ({ accounts }) => ({ login: accounts.brand.email, password: WORLD_PASSWORD }),
  },
  "auth.logout": { owner: "brand", answers: ANYONE },
  "auth.requestPasswordReset": {
    owner: "brand",
    answers: ANYONE,
    input: ({ accounts }) => ({ email: accounts.brand.email }),
  },
  "auth.resetPassword": {
    owner: "brand",
    answers: "409 409 409 409 409 409 409",
    note: "anyone may use a reset link; a token never sent is refused alike for all, as an expired one",
    input: () => ({ token: "never-sent", newPassword: WORLD_PASSWORD }),
  },
  "auth.changePassword": {
    owner: "brand",
    answers: SIGNED_IN,
    input: () => ({ currentPassword: WORLD_PASSWORD, newPassword: WORLD_PASSWORD }),
  },
  "auth.impersonate": {
    owner: "influencer",
    answers: "404 404 404 404 404 200 404",
    note: "only an admin's own session; to anyone else the feature does not exist",
    input: ({ accounts }) => ({ u: "i", id: String(accounts.influencer.id) }),
  },
  "auth.stopImpersonating": { owner: "brand", answers: ADMIN_ACTING },
  "chat.page": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    input: ({ made }) => ({ id: made.applicationId }),
  },
  "chat.send": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    input: ({ made }) => ({ id: made.applicationId, text: "Hello" }),
  },
  "chat.requestArbitration": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    input: ({ made }) => ({ id: made.applicationId, text: "Please look at this" }),
  },
  "deals.create": { owner: "brand", answers: BRANDS, input: ({ clock }) => campaignBody(clock) },
  "deals.update": {
    owner: "brand",
    object: "deal",
    answers: BRAND_OWNS,
    input: ({ made, clock }) => ({ id: made.dealId, campaign: campaignBody(clock, { title: "Renamed" }) }),
  },
  "deals.pause": { owner: "brand", object: "deal", answers: BRAND_OWNS, input: ({ made }) => ({ id: made.dealId }) },
  "deals.resume": { owner: "brand", object: "paused", answers: BRAND_OWNS, input: ({ made }) => ({ id: made.dealId }) },
  "deals.remove": { owner: "brand", object: "deal", answers: BRAND_OWNS, input: ({ made }) => ({ id: made.dealId }) },
  "deals.mine": { owner: "brand", answers: BRANDS },
  "deals.search": { owner: "influencer", answers: INFLUENCERS, input: () => ({}) },
  "deals.get": {
    owner: "brand",
    object: "deal",
    answers: "401 200 200 404 200 404 200",
    note: "influencers read every campaign; a brand only its own",
    input: ({ made }) => ({ id: made.dealId }),
  },
  "earnings.list": { owner: "influencer", answers: INFLUENCERS, input: () => ({}) },
  "earnings.statement": { owner: "influencer", answers: INFLUENCERS },
  "earnings.requestPayout": {
    owner: "influencer",
    object: "complete",
    answers: "401 403 200 403 409 403 403",
    note: "another influencer has no earnings (not_enough_earnings); an admin acting never moves a user's money",
    input: () => ({ method: "paypal", email: "me@paypal.example", amountInCents: 2_000, password: WORLD_PASSWORD }),
  },
  "earnings.retryPayout": {
    owner: "influencer",
    object: "failedPayout",
    answers: "401 403 200 403 404 403 403",
    note: "an admin acting never moves a user's money",
    input: ({ made }) => ({ id: made.payoutId }),
  },
  "earnings.payouts": { owner: "influencer", answers: INFLUENCERS, input: () => ({}) },
  "earnings.payout": {
    owner: "influencer",
    object: "payout",
    answers: INFLUENCER_OWNS,
    input: ({ made }) => ({ id: made.payoutId }),
  },
  "earnings.payoutReceipt": {
    owner: "influencer",
    object: "paidPayout",
    answers: INFLUENCER_OWNS,
    input: ({ made }) => ({ id: made.payoutId }),
  },
  "hires.list": { owner: "brand", answers: BRANDS, input: () => ({}) },
  "hires.statement": { owner: "brand", answers: BRANDS },
  "influencers.search": { owner: "brand", answers: ANYONE, input: () => ({}) },
  "influencers.get": {
    owner: "influencer",
    answers: ANYONE,
    input: ({ accounts }) => ({ id: accounts.influencer.id }),
  },
  "influencers.own": { owner: "influencer", answers: INFLUENCERS },
  "influencers.invite": {
    owner: "brand",
    object: "waiting",
    answers: "401 200 403 409 403 409 200",
    note: "a brand invites to its own campaigns only: another's are none of its campaigns (no_campaigns)",
    input: ({ made, accounts }) => ({ id: accounts.influencer.id, campaigns: [made.dealId] }),
  },
  "keys.list": { owner: "brand", answers: KEY_OWNERS },
  "keys.create": {
    owner: "brand",
    answers: KEY_OWNERS,
    input: () => ({ name: "matrix key", scopes: ["account:read"] }),
  },
  "keys.revoke": { owner: "brand", object: "apiKey", answers: KEYS_OWN, input: ({ made }) => ({ id: made.apiKeyId }) },
  "keys.roll": { owner: "brand", object: "apiKey", answers: KEYS_OWN, input: ({ made }) => ({ id: made.apiKeyId }) },
  "payments.config": { owner: "brand", answers: ANYONE },
  "payments.sandboxToken": {
    owner: "brand",
    answers: BRANDS,
    input: () => ({ number: SANDBOX_TEST_CARDS.succeeds, expMonth: 12, expYear: 2040, cvc: "123" }),
  },
  "payments.sandboxAuthenticate": {
    owner: "brand",
    object: "challenged",
    answers: "401 200 403 404 403 404 200",
    note: "the authentication of a payment is its brand's; another brand is told it does not exist",
    input: ({ made }) => ({ intentSecret: made.intentSecret, approve: true }),
  },
  "networks.list": { owner: "influencer", answers: INFLUENCERS },
  "networks.add": {
    owner: "influencer",
    object: "unlinked",
    answers: INFLUENCERS,
    input: ({ unique }) => ({ type: "snapchat", title: `matrix${unique()}` }),
  },
  "networks.remove": {
    owner: "influencer",
    object: "deal",
    answers: INFLUENCER_OWNS,
    input: ({ made }) => ({ id: made.networkId }),
  },
  "networks.refresh": {
    owner: "influencer",
    object: "deal",
    answers: INFLUENCER_OWNS,
    input: ({ made }) => ({ id: made.networkId }),
  },
  "networks.choose": {
    owner: "influencer",
    object: "deal",
    answers: INFLUENCER_OWNS,
    input: ({ made }) => ({ id: made.networkId, type: "instagram" }),
  },
  "networks.instagramCode": { owner: "influencer", answers: INFLUENCERS, input: () => ({ username: "matrix" }) },
  "networks.startLink": { owner: "influencer", answers: INFLUENCERS, input: () => ({ type: "facebook" }) },
  "networks.finishLink": {
    owner: "influencer",
    answers: INFLUENCERS,
    input: () => ({ type: "facebook", code: "c", state: "s", cookieState: "s" }),
  },
  "networks.verifyInstagram": { owner: "influencer", answers: INFLUENCERS, input: () => ({ data: "matrix" }) },
  "networks.refreshInstagram": { owner: "influencer", answers: INFLUENCERS, input: () => ({}) },
  "notifications.list": { owner: "brand", answers: SIGNED_IN },
  "notifications.seen": {
    owner: "brand",
    object: "waiting",
    answers: SIGNED_IN,
    input: ({ made }) => ({ ids: [made.notificationId] }),
  },
  "notifications.seeApplication": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    input: ({ made }) => ({ applicationId: made.applicationId }),
  },
  "notifications.seenChanges": { owner: "brand", answers: SIGNED_IN },
  "notifications.stream": { owner: "brand", answers: SIGNED_IN },
  "settings.get": { owner: "brand", answers: SIGNED_IN },
  "settings.save": {
    owner: "brand",
    answers: SIGNED_IN,
    input: ({ kind }) => ({ field: "profile", data: profileOf(kind) }),
  },
  "support.askForHelp": { owner: "brand", answers: SIGNED_IN, input: () => ({ text: "How do payouts work?" }) },
  // Issue 39: an account's webhooks. Never an admin's account; an admin acting reads them but changes nothing.
  "webhooks.list": { owner: "brand", answers: WEBHOOK_ACCOUNTS, note: "an admin's own account has no webhooks" },
  "webhooks.create": {
    owner: "brand",
    answers: "401 200 200 200 200 403 403",
    note: "an admin acting never chooses where the account's events go",
    input: () => ({ url: "https://93.184.216.34/hook", events: ["message.received"] }),
  },
  "webhooks.remove": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookId }),
  },
  "webhooks.rollSecret": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookId }),
  },
  "webhooks.test": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookId }),
  },
  "webhooks.deliveries": {
    owner: "brand",
    object: "webhookLog",
    answers: "401 200 404 404 404 403 200",
    input: ({ made }) => ({ id: made.webhookId }),
  },
  "webhooks.resend": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookDeliveryId }),
  },
  "webhooks.pause": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookId }),
  },
  "webhooks.resume": {
    owner: "brand",
    object: "webhook",
    answers: WEBHOOK_OWNER_WRITES,
    input: ({ made }) => ({ id: made.webhookId }),
  },
} satisfies Record<string, ProcedureRow>;

export type ProcedurePath = keyof typeof PROCEDURE_ROWS;

const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64"),
);

const application = (ask: Ask, tail = "") => `/api/applications/${ask.made.applicationId}${tail}`;

/** The REST paths that call one procedure, keyed "METHOD /path" as the server registers them. */
export const REST_ROWS: Record<string, RestRow> = {
  "GET /api/influencers/:id": {
    procedure: "influencers.get",
    request: ({ accounts }) => ({ url: `/api/influencers/${accounts.influencer.id}` }),
  },
  "POST /api/influencers/search": {
    procedure: "influencers.search",
    request: () => ({ url: "/api/influencers/search", body: {} }),
  },
  "POST /api/influencers/invite": {
    procedure: "influencers.invite",
    request: ({ made, accounts }) => ({
      url: "/api/influencers/invite",
      body: { id: accounts.influencer.id, campaigns: [made.dealId] },
    }),
  },
  "GET /api/networks": { procedure: "networks.list", request: () => ({ url: "/api/networks" }) },
  "POST /api/networks": {
    procedure: "networks.add",
    request: ({ unique }) => ({ url: "/api/networks", body: { type: "snapchat", title: `rest${unique()}` } }),
  },
  "POST /api/networks/remove": {
    procedure: "networks.remove",
    request: ({ made }) => ({ url: "/api/networks/remove", body: { id: made.networkId } }),
  },
  "POST /api/networks/refresh": {
    procedure: "networks.refresh",
    request: ({ made }) => ({ url: "/api/networks/refresh", body: { id: made.networkId } }),
  },
  "POST /api/networks/choose": {
    procedure: "networks.choose",
    request: ({ made }) => ({ url: "/api/networks/choose", body: { id: made.networkId, type: "instagram" } }),
  },
  "POST /auth/instagram/token": {
    procedure: "networks.instagramCode",
    request: () => ({ url: "/auth/instagram/token", body: { username: "matrix" } }),
  },
  "GET /api/profile": { procedure: "influencers.own", request: () => ({ url: "/api/profile" }) },
  "POST /api/onboarding/seen": {
    procedure: "account.onboardingSeen",
    request: () => ({ url: "/api/onboarding/seen" }),
  },
  "GET /api/me": { procedure: "account.me", request: () => ({ url: "/api/me" }) },
  "GET /api/balance": { procedure: "account.balance", request: () => ({ url: "/api/balance" }) },
  "GET /api/account/card": { procedure: "account.card", request: () => ({ url: "/api/account/card" }) },
  "POST /api/account/card/forget": {
    procedure: "account.forgetCard",
    request: () => ({ url: "/api/account/card/forget" }),
  },
  "POST /api/help": {
    procedure: "support.askForHelp",
    request: () => ({ url: "/api/help", body: { text: "A question" } }),
  },
  "GET /api/settings": { procedure: "settings.get", request: () => ({ url: "/api/settings" }) },
  "GET /api/keys": { procedure: "keys.list", request: () => ({ url: "/api/keys" }) },
  "POST /api/keys": {
    procedure: "keys.create",
    request: () => ({ url: "/api/keys", body: { name: "matrix key", scopes: ["account:read"] } }),
  },
  "POST /api/keys/:id/revoke": {
    procedure: "keys.revoke",
    request: ({ made }) => ({ url: `/api/keys/${made.apiKeyId}/revoke` }),
  },
  "POST /api/keys/:id/roll": {
    procedure: "keys.roll",
    request: ({ made }) => ({ url: `/api/keys/${made.apiKeyId}/roll` }),
  },
  "POST /api/settings": {
    procedure: "settings.save",
    request: ({ kind }) => ({ url: "/api/settings", body: { field: "profile", data: profileOf(kind) } }),
  },
  "POST /api/signup": {
    procedure: "auth.signUp",
    request: ({ unique }) => ({
      url: "/api/signup",
      body: {
        kind: "influencer",
        username: `r${unique()}`,
        email: `r${unique()}@matrix.example`,
        password: WORLD_PASSWORD,
      },
    }),
  },
  "POST /api/login": {
    procedure: "auth.login",
    request: ({ accounts }) => ({ url: "/api/login", body: { login: accounts.brand.email, password: WORLD_PASSWORD } }),
  },
  "POST /api/logout": { procedure: "auth.logout", request: () => ({ url: "/api/logout" }) },
  "POST /api/reset-password": {
    procedure: "auth.requestPasswordReset",
    request: ({ accounts }) => ({ url: "/api/reset-password", body: { email: accounts.brand.email } }),
  },
  "POST /api/reset-password/confirm": {
    procedure: "auth.resetPassword",
    request: () => ({ url: "/api/reset-password/confirm", body: { token: "never-sent", newPassword: WORLD_PASSWORD } }),
  },
  "POST /api/change-password": {
    procedure: "auth.changePassword",
    request: () => ({
      url: "/api/change-password",
      body: { currentPassword: WORLD_PASSWORD, newPassword: WORLD_PASSWORD },
    }),
  },
  "POST /admin/api/stop-impersonating": {
    procedure: "auth.stopImpersonating",
    request: () => ({ url: "/admin/api/stop-impersonating" }),
  },
  "POST /api/campaigns": {
    procedure: "deals.create",
    request: ({ clock }) => ({ url: "/api/campaigns", body: campaignBody(clock) }),
  },
  "POST /api/campaigns/:id": {
    procedure: "deals.update",
    request: ({ made, clock }) => ({
      url: `/api/campaigns/${made.dealId}`,
      body: campaignBody(clock, { title: "Renamed" }),
    }),
  },
  "POST /api/campaigns/:id/pause": {
    procedure: "deals.pause",
    request: ({ made }) => ({ url: `/api/campaigns/${made.dealId}/pause` }),
  },
  "POST /api/campaigns/:id/resume": {
    procedure: "deals.resume",
    request: ({ made }) => ({ url: `/api/campaigns/${made.dealId}/resume` }),
  },
  "POST /api/campaigns/:id/delete": {
    procedure: "deals.remove",
    request: ({ made }) => ({ url: `/api/campaigns/${made.dealId}/delete` }),
  },
  "GET /api/campaigns/:id/applications": {
    procedure: "applications.ofCampaign",
    request: ({ made }) => ({ url: `/api/campaigns/${made.dealId}/applications` }),
  },
  "GET /api/deals": { procedure: "deals.mine", request: () => ({ url: "/api/deals" }) },
  "POST /api/deals/search": { procedure: "deals.search", request: () => ({ url: "/api/deals/search", body: {} }) },
  "GET /api/deals/:id": { procedure: "deals.get", request: ({ made }) => ({ url: `/api/deals/${made.dealId}` }) },
  "POST /api/applications": {
    procedure: "applications.create",
    request: ({ made, clock }) => ({
      url: "/api/applications",
      body: {
        dealId: made.dealId,
        text: "Let me run it",
        expiration: days(clock, 20).toISOString(),
        prices: [{ networkId: made.networkId, price: 100, creationDays: 5 }],
      },
    }),
  },
  "GET /api/applications": { procedure: "applications.list", request: () => ({ url: "/api/applications" }) },
  "GET /api/applications/:id": { procedure: "applications.get", request: (ask) => ({ url: application(ask) }) },
  "GET /api/applications/:id/receipt.pdf": {
    procedure: "applications.receipt",
    request: (ask) => ({ url: application(ask, "/receipt.pdf") }),
  },
  "POST /api/applications/:id": {
    procedure: "applications.update",
    request: (ask) => ({
      url: application(ask),
      body: {
        expiration: days(ask.clock, 21).toISOString(),
        prices: [{ networkId: ask.made.networkId, price: 120, creationDays: 5 }],
      },
    }),
  },
  "GET /api/applications/:id/messages": {
    procedure: "chat.page",
    request: (ask) => ({ url: application(ask, "/messages") }),
  },
  "POST /api/applications/:id/messages": {
    procedure: "chat.send",
    request: (ask) => ({ url: application(ask, "/messages"), body: { text: "Hello" } }),
  },
  "POST /api/applications/:id/help": {
    procedure: "chat.requestArbitration",
    request: (ask) => ({ url: application(ask, "/help"), body: { text: "Please look at this" } }),
  },
  "POST /api/applications/:id/changes": {
    procedure: "applications.requestChanges",
    request: (ask) => ({ url: application(ask, "/changes"), body: { prices: [{ network: "instagram", price: 150 }] } }),
  },
  "POST /api/applications/:id/decline": {
    procedure: "applications.decline",
    request: (ask) => ({ url: application(ask, "/decline") }),
  },
  "POST /api/applications/:id/accept": {
    procedure: "applications.accept",
    request: async (ask) => ({
      url: application(ask, "/accept"),
      body: { frontendPriceInCents: 11_000, networks: ["instagram"], cardOptions: { token: await ask.cardToken() } },
    }),
  },
  "POST /api/applications/:id/done": {
    procedure: "applications.workDone",
    request: (ask) => ({ url: application(ask, "/done"), body: DONE_BODY(ask.made) }),
  },
  "POST /api/applications/:id/undone": {
    procedure: "applications.workNotDone",
    request: (ask) => ({ url: application(ask, "/undone") }),
  },
  "POST /api/applications/:id/release": {
    procedure: "applications.release",
    request: (ask) => ({ url: application(ask, "/release") }),
  },
  "GET /api/applications/:id/feedback": {
    procedure: "applications.feedback",
    request: (ask) => ({ url: application(ask, "/feedback") }),
  },
  "POST /api/applications/:id/feedback": {
    procedure: "applications.leaveFeedback",
    request: (ask) => ({ url: application(ask, "/feedback"), body: SAMPLE_FEEDBACK }),
  },
  "GET /api/applications/:id/review": {
    procedure: "applications.review",
    request: (ask) => ({ url: application(ask, "/review") }),
  },
  "POST /api/applications/:id/review": {
    procedure: "applications.writeReview",
    request: (ask) => ({ url: application(ask, "/review"), body: SAMPLE_REVIEW }),
  },
  "GET /api/brands/:id": {
    procedure: "brands.profile",
    request: ({ accounts }) => ({ url: `/api/brands/${accounts.brand.id}` }),
  },
  "GET /api/campaigns/:id/report": {
    procedure: "reports.campaign",
    request: ({ made }) => ({ url: `/api/campaigns/${made.dealId}/report` }),
  },
  "GET /api/reports": { procedure: "reports.period", request: () => ({ url: "/api/reports" }) },
  "GET /api/reports.csv": { procedure: "reports.csv", request: () => ({ url: "/api/reports.csv" }) },
  "GET /api/brands/:id/reviews": {
    procedure: "reviews.ofBrand",
    request: ({ accounts }) => ({ url: `/api/brands/${accounts.brand.id}/reviews` }),
  },
  "GET /api/hires": { procedure: "hires.list", request: () => ({ url: "/api/hires" }) },
  "GET /api/earnings": { procedure: "earnings.list", request: () => ({ url: "/api/earnings" }) },
  "POST /api/earnings/payout": {
    procedure: "earnings.requestPayout",
    request: () => ({
      url: "/api/earnings/payout",
      body: { method: "paypal", email: "me@paypal.example", amountInCents: 2_000, password: WORLD_PASSWORD },
    }),
  },
  "GET /api/earnings/payouts": { procedure: "earnings.payouts", request: () => ({ url: "/api/earnings/payouts" }) },
  "GET /api/earnings/payouts/:id/receipt.pdf": {
    procedure: "earnings.payoutReceipt",
    request: ({ made }) => ({ url: `/api/earnings/payouts/${made.payoutId}/receipt.pdf` }),
  },
  "GET /api/earnings/payouts/:id": {
    procedure: "earnings.payout",
    request: ({ made }) => ({ url: `/api/earnings/payouts/${made.payoutId}` }),
  },
  "POST /api/earnings/payouts/:id/retry": {
    procedure: "earnings.retryPayout",
    request: ({ made }) => ({ url: `/api/earnings/payouts/${made.payoutId}/retry` }),
  },
  "GET /api/payments/config": { procedure: "payments.config", request: () => ({ url: "/api/payments/config" }) },
  "POST /api/payments/sandbox/tokens": {
    procedure: "payments.sandboxToken",
    request: () => ({
      url: "/api/payments/sandbox/tokens",
      body: { number: SANDBOX_TEST_CARDS.succeeds, expMonth: 12, expYear: 2040, cvc: "123" },
    }),
  },
  "POST /api/payments/sandbox/authenticate": {
    procedure: "payments.sandboxAuthenticate",
    request: ({ made }) => ({
      url: "/api/payments/sandbox/authenticate",
      body: { intentSecret: made.intentSecret, approve: true },
    }),
  },
  "GET /admin/api/users": {
    procedure: "admin.console.users.search",
    request: ({ accounts }) => ({ url: `/admin/api/users?q=${accounts.brand.id}` }),
  },
  "GET /admin/api/audit": {
    procedure: "admin.console.audit.list",
    request: () => ({ url: "/admin/api/audit?action=refund" }),
  },
  "GET /admin/api/queues": {
    procedure: "admin.console.dashboard.queues",
    request: () => ({ url: "/admin/api/queues" }),
  },
  "POST /admin/api/deals/:id/ok": {
    procedure: "admin.reviewDeal",
    request: ({ made }) => ({ url: `/admin/api/deals/${made.dealId}/ok` }),
  },
  "POST /admin/api/deals/:id/ko": {
    procedure: "admin.reviewDeal",
    request: ({ made }) => ({ url: `/admin/api/deals/${made.dealId}/ko` }),
  },
  "POST /admin/api/influencers/:id/ok": {
    procedure: "admin.flagInfluencer",
    request: ({ accounts }) => ({ url: `/admin/api/influencers/${accounts.influencer.id}/ok` }),
  },
  "POST /admin/api/influencers/:id/ko": {
    procedure: "admin.flagInfluencer",
    request: ({ accounts }) => ({ url: `/admin/api/influencers/${accounts.influencer.id}/ko` }),
  },
  "POST /admin/api/applications/:id/close-case": {
    procedure: "admin.closeCase",
    request: ({ made }) => ({ url: `/admin/api/applications/${made.applicationId}/close-case` }),
  },
  "POST /admin/api/applications/:id/refund": {
    procedure: "admin.refund",
    request: ({ made }) => ({ url: `/admin/api/applications/${made.applicationId}/refund` }),
  },
  "GET /api/webhooks": { procedure: "webhooks.list", request: () => ({ url: "/api/webhooks" }) },
  "POST /api/webhooks": {
    procedure: "webhooks.create",
    request: () => ({ url: "/api/webhooks", body: { url: "https://93.184.216.34/hook", events: ["payout.paid"] } }),
  },
  "POST /api/webhooks/:id/remove": {
    procedure: "webhooks.remove",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/remove` }),
  },
  "POST /api/webhooks/:id/roll-secret": {
    procedure: "webhooks.rollSecret",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/roll-secret` }),
  },
  "POST /api/webhooks/:id/test": {
    procedure: "webhooks.test",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/test` }),
  },
  "GET /api/webhooks/:id/deliveries": {
    procedure: "webhooks.deliveries",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/deliveries` }),
  },
  "POST /api/webhooks/deliveries/:id/resend": {
    procedure: "webhooks.resend",
    request: ({ made }) => ({ url: `/api/webhooks/deliveries/${made.webhookDeliveryId}/resend` }),
  },
  "POST /api/webhooks/:id/pause": {
    procedure: "webhooks.pause",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/pause` }),
  },
  "POST /api/webhooks/:id/resume": {
    procedure: "webhooks.resume",
    request: ({ made }) => ({ url: `/api/webhooks/${made.webhookId}/resume` }),
  },
};

/** The routes that call no procedure (or several, or through a flow of their own). */
export const HTTP_ROWS: Record<string, HttpRow> = {
  "GET /health": { owner: "brand", answers: ANYONE, request: () => ({ url: "/health" }) },
  "GET /livez": { owner: "brand", answers: ANYONE, request: () => ({ url: "/livez" }) },
  "GET /readyz": { owner: "brand", answers: ANYONE, request: () => ({ url: "/readyz" }) },
  "GET /api/openapi.json": { owner: "brand", answers: ANYONE, request: () => ({ url: "/api/openapi.json" }) },
  "GET /api/docs": { owner: "brand", answers: ANYONE, request: () => ({ url: "/api/docs" }) },
  "WS /notifications": {
    owner: "brand",
    answers: "401 101 101 101 101 101 101",
    request: () => ({ url: "/notifications" }),
  },
  "POST /api/picture": {
    owner: "influencer",
    answers: SIGNED_IN,
    request: () => ({ url: "/api/picture", file: { name: "me.png", bytes: PNG } }),
  },
  "POST /api/campaigns/images": {
    owner: "brand",
    answers: BRANDS,
    request: () => ({ url: "/api/campaigns/images", file: { name: "shoe.png", bytes: PNG } }),
  },
  "POST /api/applications/:id/file": {
    owner: "brand",
    object: "waiting",
    answers: PARTIES,
    request: (ask) => ({
      url: application(ask, "/file"),
      file: { name: "notes.txt", bytes: new TextEncoder().encode("notes") },
    }),
  },
  "POST /api/account/flag/files": {
    owner: "influencer",
    object: "flagged",
    answers: INFLUENCER_OWNS,
    note: "the other influencer has no standing flag to appeal (not_found)",
    request: () => ({ url: "/api/account/flag/files", file: { name: "insights.png", bytes: PNG } }),
  },
  "GET /files/:id": {
    owner: "influencer",
    object: "waiting",
    answers: "404 200 200 404 404 404 200",
    note: "a file is the two parties'; to anyone else, a visitor included, it does not exist",
    request: ({ made }) => ({ url: `/files/${made.fileId}` }),
  },
  "GET /api/hires/statement.csv": {
    owner: "brand",
    answers: BRANDS,
    request: () => ({ url: "/api/hires/statement.csv" }),
  },
  "GET /api/earnings/statement.csv": {
    owner: "influencer",
    answers: INFLUENCERS,
    request: () => ({ url: "/api/earnings/statement.csv" }),
  },
  "GET /admin/api/cases/:applicationId/evidence.zip": {
    owner: "brand",
    object: "contested",
    answers: CONSOLE,
    request: ({ made }) => ({ url: `/admin/api/cases/${made.applicationId}/evidence.zip` }),
  },
  "GET /admin/api/audit.csv": {
    owner: "brand",
    answers: CONSOLE,
    request: () => ({ url: "/admin/api/audit.csv?action=refund" }),
  },
  "POST /api/payments/stripe/webhook": {
    owner: "brand",
    answers: "400 400 400 400 400 400 400",
    note: "Stripe's, proven by its signature, never by a session: an unsigned body is refused alike for all",
    request: () => ({ url: "/api/payments/stripe/webhook", body: {} }),
  },
  "GET /admin/login": {
    owner: "influencer",
    answers: "404 404 404 404 404 302:/ 404",
    note: "an admin's own session only, which it turns into the influencer's; to anyone else the path does not exist",
    request: ({ accounts }) => ({ url: `/admin/login?u=i&id=${accounts.influencer.id}` }),
  },
  "GET /auth/facebook": {
    owner: "influencer",
    answers: navigation("/auth/sandbox/facebook"),
    request: () => ({ url: "/auth/facebook" }),
  },
  "GET /auth/twitter": {
    owner: "influencer",
    answers: navigation("/auth/sandbox/twitter"),
    request: () => ({ url: "/auth/twitter" }),
  },
  "GET /auth/youtube": {
    owner: "influencer",
    answers: navigation("/auth/sandbox/youtube"),
    request: () => ({ url: "/auth/youtube" }),
  },
  "GET /auth/facebook/callback": {
    owner: "influencer",
    answers: navigation("/account"),
    note: "an influencer whose flow's state does not match lands on the networks tab with an error",
    request: () => ({ url: "/auth/facebook/callback?code=c&state=s" }),
  },
  "GET /auth/twitter/callback": {
    owner: "influencer",
    answers: navigation("/account"),
    note: "an influencer whose flow's state does not match lands on the networks tab with an error",
    request: () => ({ url: "/auth/twitter/callback?code=c&state=s" }),
  },
  "GET /auth/youtube/callback": {
    owner: "influencer",
    answers: navigation("/account"),
    note: "an influencer whose flow's state does not match lands on the networks tab with an error",
    request: () => ({ url: "/auth/youtube/callback?code=c&state=s" }),
  },
  "GET /auth/instagram/verify": {
    owner: "influencer",
    answers: navigation("/account"),
    request: () => ({ url: "/auth/instagram/verify?data=matrix" }),
  },
  "GET /auth/instagram/refresh": {
    owner: "influencer",
    answers: navigation("/account"),
    request: () => ({ url: "/auth/instagram/refresh" }),
  },
  "GET /auth/sandbox/facebook": {
    owner: "influencer",
    answers: ANYONE,
    request: () => ({ url: `/auth/sandbox/facebook?${CONSENT_QUERY}` }),
  },
  "GET /auth/sandbox/twitter": {
    owner: "influencer",
    answers: ANYONE,
    request: () => ({ url: `/auth/sandbox/twitter?${CONSENT_QUERY}` }),
  },
  "GET /auth/sandbox/youtube": {
    owner: "influencer",
    answers: ANYONE,
    request: () => ({ url: `/auth/sandbox/youtube?${CONSENT_QUERY}` }),
  },
  "GET /auth/sandbox/instagram": {
    owner: "influencer",
    answers: ANYONE,
    request: () => ({ url: "/auth/sandbox/instagram" }),
  },
  "POST /auth/sandbox/instagram": {
    owner: "influencer",
    answers: ANYONE,
    request: () => ({ url: "/auth/sandbox/instagram", body: { username: "jordan.lee.eats", bio: "matrix" } }),
  },
};
