import type { Db } from "@market/db";
import type { Clock } from "./clock";
import type { ApiKeyActor } from "./services/api-keys/authenticate-api-key";
import type { SessionCache } from "./services/auth/session-cache";
import { validateSessionToken } from "./services/auth/sessions";
import type { FileStore } from "./services/files/file-store";
import type { Mailer } from "./services/mail/mailer";
import type { NetworkProviders } from "./services/networks/providers/ports";
import type { TokenCipher } from "./services/networks/token-cipher";
import type { NotificationHub } from "./services/notifications/hub";
import type { PaymentGateway } from "./services/payments/gateway";
import type { PayoutJobs } from "./services/payouts/payout-jobs";
import type { SearchCache } from "./services/search-cache";
import type { UserReadsCache } from "./services/user-reads-cache";
import type { WebhookTargets } from "./services/webhooks/targets";
import type { Viewer } from "./viewer";

/** Everything a service may depend on, chosen once at start (real adapters or sandboxes). */
export interface ApiDeps {
  db: Db;
  clock: Clock;
  /** Bytes of uploaded files (pictures, campaign images, chat files). */
  files: FileStore;
  /** Outgoing mail, queued in the write's transaction; the mail job delivers it (the sandbox outbox, or SMTP). */
  mailer: Mailer;
  /** Card payments (money.md): the Stripe adapter when configured, else the built-in sandbox. */
  payments: PaymentGateway;
  /**
   * The origin of every link in a mail: PUBLIC_URL, else the configured host and port (main.ts). Never a request's
   * Host header, which whoever sends the request chooses: a reset link built from it would mail the token to them.
   */
  publicUrl: string;
  /** Multiplies the login, sign-up and reset rate limits (RATE_LIMIT_SCALE); 1 when absent. */
  rateLimitScale?: number | undefined;
  /**
   * Refunds above this many cents need a second admin's approval (REFUND_SECOND_APPROVAL_CENTS; issue 36's
   * two-person rule); contracts' REFUND_SECOND_APPROVAL_DEFAULT_CENTS ($1,000) when absent.
   */
  refundApprovalThresholdCents?: number | undefined;
  /** The mailbox help questions go to (SUPPORT_EMAIL); a built-in address when absent. */
  supportEmail?: string | undefined;
  /** The receipts' issuer (PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS); contracts' PLATFORM_DETAILS for what is absent. */
  platformLegalName?: string | undefined;
  platformAddress?: readonly string[] | undefined;
  /** HMAC key of the influencer ids in search results (SEARCH_ID_SECRET; services/influencers/search-id.ts). */
  searchIdSecret: string;
  /** Network linking: each OAuth provider and the Instagram reader, real or the built-in sandbox (env module). */
  networkProviders: NetworkProviders;
  /** Encrypts OAuth tokens before they are stored (NETWORK_TOKEN_KEY); never store or send a token in clear. */
  tokenCipher: TokenCipher;
  /**
   * The job engine's payout queue on PostgreSQL (apps/server/src/jobs): a written payout's job is sent in its
   * transaction. Absent on PGlite and in tests, where the embedded runner's pass finds payouts by next_attempt_at.
   */
  payoutJobs?: PayoutJobs | undefined;
  /**
   * Where webhooks may be sent (services/webhooks/targets.ts): public https only when absent; a test server
   * (E2E_TEST_ROUTES=1) allows loopback and plain http, for a receiver it starts.
   */
  webhookTargets?: WebhookTargets | undefined;
  /** This instance's fan-out of live notifications (services/notifications/hub.ts); listens on first use. */
  notificationHub: NotificationHub;
  /**
   * This instance's few-second caches of the deal and influencer searches (services/search-cache.ts): their counts
   * per filter shape, and their pages. Forgotten on every instance when what they read changes; without them (tests)
   * every search reads the database.
   */
  searchCounts?: SearchCache | undefined;
  searchPages?: SearchCache | undefined;
  /**
   * This instance's memory of what users' own screens read (services/user-reads-cache.ts: their application lists
   * and a campaign's applicants), forgotten per user on every instance when a write concerns them; without it
   * (tests) every read reads the database.
   */
  userReads?: UserReadsCache | undefined;
  /**
   * This instance's few-second memory of validated sessions (services/auth/session-cache.ts); without one (tests)
   * every request reads its session.
   */
  sessionCache?: SessionCache | undefined;
}

/**
 * Writes the session cookie on the answer. Only HTTP answers carry cookies: over the WebSocket a login or
 * logout cannot take effect, so that transport's writer refuses.
 */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export const noSessionCookie: SessionCookie = {
  set: () => {
    throw new Error("The session cookie can only be set over HTTP");
  },
  clear: () => {
    throw new Error("The session cookie can only be cleared over HTTP");
  },
};

/** What the transport knows about one request. */
export interface RequestInfo {
  sessionToken: string | null;
  requestId: string;
  ip: string;
  sessionCookie: SessionCookie;
  /** `scheme://host` the request was sent to, when the transport knows it: never for a link in a mail (publicUrl). */
  origin?: string | undefined;
  /**
   * The API key the request came with, already authenticated by the transport (issue 39): it stands for the
   * viewer instead of a session cookie, which such a request never carries.
   */
  apiKey?: ApiKeyActor | null | undefined;
}

export interface Context extends ApiDeps {
  viewer: Viewer | null;
  /** The key a request came with, whose scopes every procedure checks (trpc.ts); null for a session or a visitor. */
  apiKey?: ApiKeyActor | null | undefined;
  requestId: string;
  ip: string;
  sessionCookie: SessionCookie;
  /**
   * The site the browser is on, as its request said (the network sandbox's consent page is served there, for the
   * same browser): never for a link in a mail, which publicUrl builds.
   */
  origin?: string | undefined;
}

export function createContextFactory(deps: ApiDeps) {
  return async (request: RequestInfo): Promise<Context> => {
    const apiKey = request.apiKey ?? null;
    const viewer = apiKey
      ? apiKey.viewer
      : request.sessionToken
        ? await validateSessionToken(deps.db, deps.clock, request.sessionToken, deps.sessionCache)
        : null;
    // Copied by Object.assign, then the request's keys added: the same object as `{ ...deps, viewer, ... }`, which
    // on Node 20 costs about 5 µs a request (docs/performance.md, "Spread first"); this costs 0.2 µs.
    const context = Object.assign({}, deps) as Context;
    context.viewer = viewer;
    context.apiKey = apiKey;
    context.requestId = request.requestId;
    context.ip = request.ip;
    context.sessionCookie = request.sessionCookie;
    context.origin = request.origin;
    return context;
  };
}
