import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { parseTokenKey } from "@market/api";
import { z } from "zod";
import { PAYOUT_QUEUE_OPTIONS } from "./jobs/payout-job";

const TOKEN_KEY_MESSAGE = "must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)";

/** Listen addresses no other machine reaches. */
const LOOPBACK_HOSTS = ["127.0.0.1", "::1", "localhost"];

/** The one place the server reads its environment; everything else receives typed config. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** PostgreSQL URL; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  /**
   * Connections to DATABASE_URL this instance keeps open at most. By default its cores, at least 2: queries queued on
   * fewer connections go out pipelined, several in one write, and PostgreSQL on the same cores runs no more
   * backends at once anyway (the load bench on 2 cores: 4 connections served about 15 % more requests than 10, and
   * 2 about 8 % more than 4, with less CPU a request on both sides). A PostgreSQL on a host of its own may want
   * its own cores' worth.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(Math.max(2, availableParallelism())),
  /**
   * A URL reaching PostgreSQL itself when DATABASE_URL goes through a pooler (PgBouncer): LISTEN, the migrations and
   * the job engine need a session of their own and connect here. DATABASE_URL when unset (docs/architecture.md,
   * "Connection roles").
   */
  DATABASE_DIRECT_URL: z.url().optional(),
  /**
   * `transaction` when DATABASE_URL is a pooler in transaction mode (PgBouncer's pool_mode=transaction): queries are
   * then sent as unnamed statements, which such a pooler carries (named ones need PgBouncer 1.21 or later with
   * max_prepared_statements; Debian 12 ships 1.18). Unset: a direct connection or a pooler in session mode.
   */
  POOLER_MODE: z.enum(["session", "transaction"]).default("session"),
  DATA_DIR: z.string().min(1).default(".data"),
  /**
   * Uploaded files (pictures, campaign images, chat and delivery files, appeal files) go to this S3 bucket instead
   * of DATA_DIR/files: what several instances of the server share. The bucket stays private; the server reads
   * each file for the viewer it has checked. Move files already on disk with scripts/files-to-s3.ts.
   */
  FILES_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be an S3 bucket name (3 to 63 lowercase letters, digits, dots, hyphens)",
    )
    .optional(),
  /** The bucket's region (AWS answers a request to another region with a redirect the SDK does not follow). */
  FILES_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as eu-west-1")
    .default("us-east-1"),
  /** An S3-compatible service's URL (MinIO, Ceph, Cloudflare R2, …); unset: AWS S3 in FILES_S3_REGION. */
  FILES_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** `true` addresses the bucket in the path (endpoint/bucket/key), as most S3-compatible services need. */
  FILES_S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  /**
   * The key pair the server signs its bucket requests with (never logged): both or neither; neither leaves the
   * credentials to the AWS SDK's default chain (AWS_ACCESS_KEY_ID…, a profile, the instance's or the task's role).
   */
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Seeds the demo marketplace into an empty database; on by default for the embedded database only. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Folder of the built web app; when it exists the server serves it with an SPA fallback. */
  WEB_DIST: z.string().optional(),
  MIGRATIONS_DIR: z.string().optional(),
  /**
   * The site's public origin (https://market.example): every link in a mail is built from it, and the session
   * cookie is Secure when it is https. Production refuses to start without it; elsewhere the links use HOST and
   * PORT. Never the request's Host header, which anyone can forge to steer a reset link to their own site.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => new URL(url).origin)
    .optional(),
  /**
   * Whose X-Forwarded-For, -Proto and -Host the server believes (the client's address the rate limits count, the
   * scheme): `loopback` by default (a proxy on this machine); `false` for nobody; `true` for every hop (only behind
   * a proxy that overwrites what clients send); or addresses, CIDR ranges and the names loopback, linklocal and
   * uniquelocal, separated by commas (10.0.0.0/8,192.168.1.7). Fastify's trustProxy.
   */
  TRUST_PROXY: z
    .string()
    .min(1)
    .default("loopback")
    .transform(parseTrustProxy)
    .refine((trust) => typeof trust === "boolean" || trust.every(isProxyAddress), {
      message: "must be true, false, or addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated",
    }),
  /** SMTP connection URL (smtp://user:pass@host:587, smtps://...); without it mails go to outgoing_mail and the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** From header of outgoing mail. */
  MAIL_FROM: z.string().min(3).default("Influence Market <no-reply@influence-market.example>"),
  /** The mailbox help questions (POST /api/help) are sent to. */
  SUPPORT_EMAIL: z.email().optional(),
  /** The company that issues the receipts (issue 40), as printed on them; contracts' PLATFORM_DETAILS when absent. */
  PLATFORM_LEGAL_NAME: z.string().trim().min(1).max(120).optional(),
  /**
   * The issuer's postal address on the receipts, its lines separated by "|" ("1 Main St|Springfield, IL 62701|
   * United States"): 1 to 5 lines of at most 120 characters. Contracts' PLATFORM_DETAILS when absent.
   */
  PLATFORM_ADDRESS: z
    .string()
    .transform((value) => value.split("|").map((line) => line.trim()))
    .pipe(z.array(z.string().min(1).max(120)).min(1).max(5))
    .optional(),
  /** Multiplies the rate limits and the WebSocket limits (e.g. behind a NAT, or 100 in browser tests). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /**
   * Refunds of more than this many cents wait for a second admin's approval (the two-person rule, issue 36);
   * $1,000 (100000) by default. 0 makes every refund wait.
   */
  REFUND_SECOND_APPROVAL_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
  /**
   * Serves the browser tests' routes under /api/test (scripts/e2e.mjs): one of them makes admin accounts, so never
   * set it on a real server. Refused unless HOST is a loopback address, and in production.
   */
  E2E_TEST_ROUTES: z.enum(["1"]).optional(),
  /**
   * HMAC key of the influencer ids in search results. Without it a constant development key is used, with which
   * anyone can forge the ids that unlock hiring (spec section 2): production refuses to start without one.
   */
  SEARCH_ID_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)").optional(),
  /**
   * Stripe (dashboard, Developers > API keys): with both keys, brands pay by card through Stripe; with neither, the
   * built-in sandbox takes Stripe's test cards and moves no money. The secret key (sk_ or a restricted rk_) stays on
   * the server; the publishable one (pk_) is sent to the browser, so a secret key there is refused.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
    .optional(),
  /** Signing secret of the webhook endpoint `POST /api/payments/stripe/webhook` (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  /**
   * Lets a production server run without Stripe, on the sandbox (a local benchmark of the production build): the
   * sandbox accepts test card numbers as payment, so a real marketplace must never set it. Without effect when the
   * Stripe keys are set.
   */
  PAYMENTS_SANDBOX_IN_PRODUCTION: z.enum(["1"]).optional(),
  /**
   * Makes the payment sandbox play the provider's outage: every charge and refund answers payment_unavailable
   * (HTTP 503), to see the checkout's and the admin refund's messages by hand. Without effect on Stripe.
   */
  PAYMENTS_SANDBOX_UNAVAILABLE: z.enum(["1"]).optional(),
  /**
   * AES-256-GCM key of the OAuth tokens stored with linked networks: 32 bytes as 64 hex digits or base64 (e.g.
   * `openssl rand -hex 32`). Without it a constant development key is used, with which anyone could read the stored
   * tokens: production refuses to start without one.
   */
  NETWORK_TOKEN_KEY: z
    .string()
    .refine((text) => parseTokenKey(text) !== null, TOKEN_KEY_MESSAGE)
    .optional(),
  /** Keys NETWORK_TOKEN_KEY replaced, comma-separated: they still decrypt tokens stored before a rotation. */
  NETWORK_TOKEN_PREVIOUS_KEYS: z
    .string()
    .refine((text) => text.split(",").every((key) => parseTokenKey(key) !== null), TOKEN_KEY_MESSAGE)
    .optional(),
  /**
   * OAuth apps of the linkable networks (spec section 5), each a client id and secret registered with the provider
   * with the redirect URI PUBLIC_URL + /auth/{network}/callback. A network without its pair links through the
   * built-in sandbox (sample accounts on a local consent page), outside production.
   */
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TWITTER_CLIENT_ID: z.string().min(1).optional(),
  TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
  /** A Google OAuth client with the YouTube Data API v3 enabled. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * The delivery check (issue 37) reads a delivered YouTube video through videos.list with this API key of a Google
   * project with the YouTube Data API v3 enabled. Without it the check answers from the sandbox (outside
   * production) or says YouTube posts are not checked.
   */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** The delivery check reads a delivered X post through API v2's post lookup with this app-only Bearer token. */
  TWITTER_BEARER_TOKEN: z.string().min(1).optional(),
  /**
   * Instagram bio codes are read through the Graph API's business discovery, on the marketplace's own Instagram
   * professional account: its IG user id and a token of it, best a system user's non-expiring token (a user's
   * long-lived token runs out after 60 days). FACEBOOK_CLIENT_SECRET, when set, signs the calls; with
   * FACEBOOK_CLIENT_ID it lets the cleanup sweep check the token (debug_token) and alert the operator before it
   * fails (without them the check cannot run, which is itself alerted).
   */
  INSTAGRAM_BUSINESS_ACCOUNT_ID: z.string().regex(/^\d+$/, "must be the numeric IG user id").optional(),
  INSTAGRAM_ACCESS_TOKEN: z.string().min(1).optional(),
  /**
   * Lets a production server link networks that are not configured through the sandbox (a demo or a benchmark of
   * the production build): its sample accounts have made-up audiences, so a real marketplace must never set it.
   * Without it, such a network cannot be linked in production (the link ends with the error unknown).
   */
  NETWORKS_SANDBOX_IN_PRODUCTION: z.enum(["1"]).optional(),
  /** Linked networks' statistics are read again once this many days old (the statistics sweep); 7 by default. */
  NETWORK_STATISTICS_MAX_AGE_DAYS: z.coerce.number().positive().max(365).default(7),
  /**
   * Wise (transferwise payouts): an API token of the paying account and its business profile id. With neither,
   * transferwise payouts go through the built-in payout sandbox. WISE_API_URL picks Wise's sandbox for testing.
   */
  WISE_API_TOKEN: z.string().min(10).optional(),
  WISE_PROFILE_ID: z.string().regex(/^\d+$/, "must be the numeric id of a Wise profile").optional(),
  WISE_API_URL: z.url({ protocol: /^https$/ }).default("https://api.transferwise.com"),
  /**
   * PayPal Payouts (paypal payouts): the REST app's client id and secret. With neither, paypal payouts go through
   * the built-in payout sandbox. PAYPAL_API_URL picks PayPal's sandbox (https://api-m.sandbox.paypal.com).
   */
  PAYPAL_CLIENT_ID: z.string().min(10).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(10).optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https$/ }).default("https://api-m.paypal.com"),
  /** How long the built-in payout sandbox takes to pay (or fail a payout to an email containing "fail"). */
  SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /**
   * How long a payout job may run before pg-boss takes it as lost (an instance died holding it) and retries it on
   * another instance: 180 s unless set (PAYOUT_QUEUE_OPTIONS: the payout's 2-minute claim and a minute more, the
   * claim itself longer than the slowest provider's answer). Production refuses less; the fault tests
   * (scripts/cluster) set a few seconds.
   */
  PAYOUT_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /** A failed payout job's first retry comes this long after (then doubling): 30 s unless set; production refuses less. */
  PAYOUT_JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
  /** How often pg-boss fails the jobs past their expiry, handing them to their retry (its maintenance): 120 s unless set. */
  JOBS_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
  /** How often pg-boss looks at the schedules (its cron monitor and worker, 1 to 45 s): 30 s and 5 s unless set. */
  JOBS_CRON_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(45).optional(),
  /**
   * On SIGTERM, how long the server keeps accepting connections while GET /readyz already fails, so the balancer's
   * health check takes it out first (lifecycle/drain.ts): a few of its check intervals. 5 s in production, none
   * elsewhere (Ctrl-C in a terminal stops at once) unless set.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * The bound on a drain: past it the process exits (code 1) whatever is still running. Below an orchestrator's
   * grace period (Kubernetes' 30 s by default), which ends in SIGKILL.
   */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(25_000),
});

export type Env = z.infer<typeof envSchema>;

/** The provider settings that come in pairs: both set (the real adapter) or neither (the sandbox). */
const OAUTH_PAIRS = [
  ["FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"],
  ["TWITTER_CLIENT_ID", "TWITTER_CLIENT_SECRET"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
] as const satisfies readonly (readonly [keyof Env, keyof Env])[];
/** Settings that come in pairs: both for the real provider, neither for its sandbox (payouts: Wise, PayPal). */
const PROVIDER_PAIRS = [
  ...OAUTH_PAIRS,
  ["INSTAGRAM_BUSINESS_ACCOUNT_ID", "INSTAGRAM_ACCESS_TOKEN"],
  ["WISE_API_TOKEN", "WISE_PROFILE_ID"],
  ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
] as const;
/** The bucket's settings other than its name: without FILES_S3_BUCKET they would be silently unused. */
const FILES_S3_SETTINGS = [
  "FILES_S3_ENDPOINT",
  "FILES_S3_ACCESS_KEY_ID",
  "FILES_S3_SECRET_ACCESS_KEY",
] as const satisfies readonly (keyof Env)[];

/**
 * Rules across variables: a server reachable from other machines never carries the test routes, whatever else is
 * set, nor does a production one: behind a reverse proxy on the same machine that sends no X-Forwarded-For (nginx's
 * default), every visitor's request comes from loopback, so the routes' own loopback check would let them all in.
 * Production never runs on the development search id secret, nor on the payment sandbox (whose test cards would
 * hire influencers with money that does not exist) unless told so. Stripe comes whole: both keys and the webhook
 * secret, in the same mode (test or live).
 */
let checkedEnvSchema = envSchema
  .refine((env) => env.DATABASE_DIRECT_URL === undefined || env.DATABASE_URL !== undefined, {
    path: ["DATABASE_DIRECT_URL"],
    message: "is set without DATABASE_URL: the embedded database has no connections to tell apart",
  })
  .refine((env) => env.POOLER_MODE !== "transaction" || env.DATABASE_DIRECT_URL !== undefined, {
    path: ["DATABASE_DIRECT_URL"],
    message: "must be set with POOLER_MODE=transaction: LISTEN and the migrations' lock cannot go through that pooler",
  })
  .refine((env) => drainDelayMs(env) < env.DRAIN_TIMEOUT_MS, {
    path: ["DRAIN_DELAY_MS"],
    message: "must be shorter than DRAIN_TIMEOUT_MS, which bounds the whole drain",
  })
  .refine(
    (env) =>
      env.NODE_ENV !== "production" ||
      (env.PAYOUT_JOB_EXPIRE_SECONDS ?? Infinity) >= PAYOUT_QUEUE_OPTIONS.expireInSeconds,
    {
      path: ["PAYOUT_JOB_EXPIRE_SECONDS"],
      message: `must be at least ${PAYOUT_QUEUE_OPTIONS.expireInSeconds} when NODE_ENV=production: a job taken as lost while its provider still answers would run twice`,
    },
  )
  .refine(
    (env) =>
      env.NODE_ENV !== "production" ||
      (env.PAYOUT_JOB_RETRY_DELAY_SECONDS ?? Infinity) >= PAYOUT_QUEUE_OPTIONS.retryDelay,
    {
      path: ["PAYOUT_JOB_RETRY_DELAY_SECONDS"],
      message: `must be at least ${PAYOUT_QUEUE_OPTIONS.retryDelay} when NODE_ENV=production: a provider that did not answer is not asked again at once`,
    },
  )
  .refine((env) => !env.E2E_TEST_ROUTES || LOOPBACK_HOSTS.includes(env.HOST), {
    path: ["E2E_TEST_ROUTES"],
    message: `only allowed while HOST is a loopback address (${LOOPBACK_HOSTS.join(", ")})`,
  })
  .refine((env) => !env.E2E_TEST_ROUTES || env.NODE_ENV !== "production", {
    path: ["E2E_TEST_ROUTES"],
    message: "never allowed with NODE_ENV=production",
  })
  .refine((env) => env.NODE_ENV !== "production" || env.PUBLIC_URL !== undefined, {
    path: ["PUBLIC_URL"],
    message: "must be set when NODE_ENV=production (https://your.site): every link in a mail is built from it",
  })
  .refine((env) => env.NODE_ENV !== "production" || env.SEARCH_ID_SECRET !== undefined, {
    path: ["SEARCH_ID_SECRET"],
    message: "must be set when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
  })
  .refine((env) => env.STRIPE_PUBLISHABLE_KEY === undefined || env.STRIPE_SECRET_KEY !== undefined, {
    path: ["STRIPE_SECRET_KEY"],
    message: "must be set with STRIPE_PUBLISHABLE_KEY (set both Stripe keys, or neither for the payment sandbox)",
  })
  .refine((env) => env.STRIPE_SECRET_KEY === undefined || env.STRIPE_PUBLISHABLE_KEY !== undefined, {
    path: ["STRIPE_PUBLISHABLE_KEY"],
    message: "must be set with STRIPE_SECRET_KEY (set both Stripe keys, or neither for the payment sandbox)",
  })
  .refine((env) => !stripeConfigured(env) || env.STRIPE_WEBHOOK_SECRET !== undefined, {
    path: ["STRIPE_WEBHOOK_SECRET"],
    message: "must be set with the Stripe keys: without it no payment whose browser went away would complete",
  })
  .refine((env) => env.STRIPE_WEBHOOK_SECRET === undefined || stripeConfigured(env), {
    path: ["STRIPE_WEBHOOK_SECRET"],
    message: "is set without STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, so Stripe would not be used",
  })
  .refine(
    (env) => !stripeConfigured(env) || stripeModeOf(env.STRIPE_SECRET_KEY) === stripeModeOf(env.STRIPE_PUBLISHABLE_KEY),
    {
      path: ["STRIPE_PUBLISHABLE_KEY"],
      message: "is not of the same mode (test or live) as STRIPE_SECRET_KEY",
    },
  )
  .refine((env) => env.NODE_ENV !== "production" || stripeConfigured(env) || env.PAYMENTS_SANDBOX_IN_PRODUCTION, {
    path: ["STRIPE_SECRET_KEY"],
    message:
      "must be set when NODE_ENV=production, with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: the payment sandbox takes test cards as money (PAYMENTS_SANDBOX_IN_PRODUCTION=1 allows it, for a local benchmark only)",
  })
  .refine((env) => env.NODE_ENV !== "production" || env.NETWORK_TOKEN_KEY !== undefined, {
    path: ["NETWORK_TOKEN_KEY"],
    message: "must be set when NODE_ENV=production (32 random bytes, e.g. `openssl rand -hex 32`)",
  })
  .refine((env) => !OAUTH_PAIRS.some(([id, secret]) => env[id] && env[secret]) || env.PUBLIC_URL !== undefined, {
    path: ["PUBLIC_URL"],
    message: "must be set with a network's OAuth app: its redirect URI is PUBLIC_URL + /auth/{network}/callback",
  })
  .refine((env) => (env.FILES_S3_ACCESS_KEY_ID === undefined) === (env.FILES_S3_SECRET_ACCESS_KEY === undefined), {
    path: ["FILES_S3_ACCESS_KEY_ID"],
    message: "and FILES_S3_SECRET_ACCESS_KEY come together (both, or neither for the AWS SDK's default credentials)",
  });
for (const setting of FILES_S3_SETTINGS) {
  checkedEnvSchema = checkedEnvSchema.refine((env) => env[setting] === undefined || env.FILES_S3_BUCKET !== undefined, {
    path: [setting],
    message: "is set without FILES_S3_BUCKET, so files would stay on the local disk",
  });
}
for (const [first, second] of PROVIDER_PAIRS) {
  checkedEnvSchema = checkedEnvSchema
    .refine((env) => env[first] === undefined || env[second] !== undefined, {
      path: [second],
      message: `must be set with ${first} (set both, or neither for the sandbox)`,
    })
    .refine((env) => env[second] === undefined || env[first] !== undefined, {
      path: [first],
      message: `must be set with ${second} (set both, or neither for the sandbox)`,
    });
}

/** TRUST_PROXY's text as Fastify's trustProxy takes it: true, false, or a list of addresses, ranges and names. */
function parseTrustProxy(text: string): boolean | string[] {
  if (text === "true") return true;
  if (text === "false") return false;
  return text.split(",").map((part) => part.trim());
}

/** What proxy-addr compiles: an address, an address with a prefix length, or one of its names. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** Both Stripe keys are set: payments go through Stripe, else through the built-in sandbox. */
export function stripeConfigured(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY">): boolean {
  return env.STRIPE_SECRET_KEY !== undefined && env.STRIPE_PUBLISHABLE_KEY !== undefined;
}

/** test or live, from a key's prefix (sk_test_…, pk_live_…); undefined without a key. */
function stripeModeOf(key: string | undefined): string | undefined {
  return key?.split("_")[1];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The URL of the work that needs a session of its own: LISTEN, migrations, the job engine. */
export function directDatabaseUrl(env: Pick<Env, "DATABASE_URL" | "DATABASE_DIRECT_URL">): string | undefined {
  return env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
}

/** DRAIN_DELAY_MS, else 5 s in production (a balancer's health check sees /readyz fail first) and none elsewhere. */
export function drainDelayMs(env: Pick<Env, "DRAIN_DELAY_MS" | "NODE_ENV">): number {
  return env.DRAIN_DELAY_MS ?? (env.NODE_ENV === "production" ? 5_000 : 0);
}

export function shouldSeedDemo(env: Env): boolean {
  return env.SEED_DEMO ? env.SEED_DEMO === "true" : env.DATABASE_URL === undefined;
}
