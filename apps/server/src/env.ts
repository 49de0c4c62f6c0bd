import { z } from "zod";

/** Listen addresses no other machine reaches. */
const LOOPBACK_HOSTS = ["127.0.0.1", "::1", "localhost"];

/** The one place the server reads its environment; everything else receives typed config. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** PostgreSQL URL; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  /** Seeds the demo marketplace into an empty database; on by default for the embedded database only. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Folder of the built web app; when it exists the server serves it with an SPA fallback. */
  WEB_DIST: z.string().optional(),
  MIGRATIONS_DIR: z.string().optional(),
  /**
   * The site's public origin (https://market.example), used for links in mails. Without it a link points at
   * the Host the request came with; set it in production so no forged Host header can steer a reset link.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** SMTP connection URL (smtp://user:pass@host:587, smtps://...); without it mails go to outgoing_mail and the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** From header of outgoing mail. */
  MAIL_FROM: z.string().min(3).default("Influence Market <no-reply@influence-market.example>"),
  /** The mailbox help questions (POST /api/help) are sent to. */
  SUPPORT_EMAIL: z.email().optional(),
  /** Multiplies the login, sign-up and reset rate limits (e.g. behind a NAT, or 100 in browser tests). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
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
});

export type Env = z.infer<typeof envSchema>;

/**
 * Rules across variables: a server reachable from other machines never carries the test routes, whatever else is
 * set, nor does a production one: behind a reverse proxy on the same machine that sends no X-Forwarded-For (nginx's
 * default), every visitor's request comes from loopback, so the routes' own loopback check would let them all in.
 * Production never runs on the development search id secret.
 */
const checkedEnvSchema = envSchema
  .refine((env) => !env.E2E_TEST_ROUTES || LOOPBACK_HOSTS.includes(env.HOST), {
    path: ["E2E_TEST_ROUTES"],
    message: `only allowed while HOST is a loopback address (${LOOPBACK_HOSTS.join(", ")})`,
  })
  .refine((env) => !env.E2E_TEST_ROUTES || env.NODE_ENV !== "production", {
    path: ["E2E_TEST_ROUTES"],
    message: "never allowed with NODE_ENV=production",
  })
  .refine((env) => env.NODE_ENV !== "production" || env.SEARCH_ID_SECRET !== undefined, {
    path: ["SEARCH_ID_SECRET"],
    message: "must be set when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
  });

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export function shouldSeedDemo(env: Env): boolean {
  return env.SEED_DEMO ? env.SEED_DEMO === "true" : env.DATABASE_URL === undefined;
}
