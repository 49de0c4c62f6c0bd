import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { directDatabaseUrl, drainDelayMs, loadEnv, shouldSeedDemo, stripeConfigured } from "./env";
import { jobTimingFrom } from "./jobs/job-timing";

/** Stripe in test mode, whole. */
const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_51AbcDEF0123456789",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51AbcDEF0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_AbcDEF0123456789",
};

/** What production needs at least. */
const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://market.example",
  SEARCH_ID_SECRET: "0123456789abcdef0123456789abcdef",
  NETWORK_TOKEN_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
  ...STRIPE,
};

describe("loadEnv", () => {
  it("defaults to port 3000 on loopback with the embedded database", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: ".data", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(shouldSeedDemo(env)).toBe(true);
  });

  it("seeds PostgreSQL only when asked", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/market" });
    expect(shouldSeedDemo(env)).toBe(false);
    expect(shouldSeedDemo({ ...env, SEED_DEMO: "true" })).toBe(true);
  });

  it("keeps the cores in the database pool, at least 2, unless told", () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(Math.max(2, availableParallelism()));
    expect(loadEnv({ DATABASE_POOL_SIZE: "12" }).DATABASE_POOL_SIZE).toBe(12);
    for (const size of ["1", "101", "four"])
      expect(() => loadEnv({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("names every invalid variable", () => {
    expect(() => loadEnv({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it("reads the mail, link and throttle settings", () => {
    const defaults = loadEnv({});
    expect(defaults).toMatchObject({ RATE_LIMIT_SCALE: 1 });
    expect(defaults.PUBLIC_URL).toBeUndefined();
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.E2E_TEST_ROUTES).toBeUndefined();
    const env = loadEnv({
      PUBLIC_URL: "https://market.example/some/path",
      SMTP_URL: "smtps://user:secret@mail.example:465",
      RATE_LIMIT_SCALE: "100",
      E2E_TEST_ROUTES: "1",
    });
    expect(env).toMatchObject({ PUBLIC_URL: "https://market.example", RATE_LIMIT_SCALE: 100, E2E_TEST_ROUTES: "1" });
    expect(() => loadEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ PUBLIC_URL: "ftp://market.example" })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ E2E_TEST_ROUTES: "true" })).toThrow(/E2E_TEST_ROUTES/);
  });

  it("reads the receipts' issuer: a legal name, and an address of 1 to 5 lines separated by |", () => {
    const defaults = loadEnv({});
    expect(defaults.PLATFORM_LEGAL_NAME).toBeUndefined();
    expect(defaults.PLATFORM_ADDRESS).toBeUndefined();
    const env = loadEnv({
      PLATFORM_LEGAL_NAME: " Market Operations GmbH ",
      PLATFORM_ADDRESS: "Torstraße 1 | 10119 Berlin|Germany",
    });
    expect(env.PLATFORM_LEGAL_NAME).toBe("Market Operations GmbH");
    expect(env.PLATFORM_ADDRESS).toEqual(["Torstraße 1", "10119 Berlin", "Germany"]);
    expect(() => loadEnv({ PLATFORM_ADDRESS: "Torstraße 1||Germany" })).toThrow(/PLATFORM_ADDRESS/);
    expect(() => loadEnv({ PLATFORM_ADDRESS: "1|2|3|4|5|6" })).toThrow(/PLATFORM_ADDRESS/);
    expect(() => loadEnv({ PLATFORM_LEGAL_NAME: "  " })).toThrow(/PLATFORM_LEGAL_NAME/);
  });

  it("refuses the test routes on a server other machines can reach, and in production", () => {
    for (const HOST of ["127.0.0.1", "::1", "localhost"]) {
      expect(loadEnv({ HOST, E2E_TEST_ROUTES: "1", NODE_ENV: "test" })).toMatchObject({ E2E_TEST_ROUTES: "1" });
      expect(() => loadEnv({ HOST, E2E_TEST_ROUTES: "1", ...PRODUCTION })).toThrow(
        /E2E_TEST_ROUTES: never allowed with NODE_ENV=production/,
      );
    }
    for (const HOST of ["0.0.0.0", "::", "10.0.0.5", "market.example"]) {
      expect(() => loadEnv({ HOST, E2E_TEST_ROUTES: "1" })).toThrow(/E2E_TEST_ROUTES: only allowed while HOST/);
      expect(loadEnv({ HOST }).HOST).toBe(HOST);
    }
  });

  it("requires a search id secret of 32 characters or more in production only", () => {
    expect(loadEnv({}).SEARCH_ID_SECRET).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/SEARCH_ID_SECRET: must be set when NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: "production", SEARCH_ID_SECRET: "short" })).toThrow(/SEARCH_ID_SECRET/);
    expect(loadEnv(PRODUCTION).SEARCH_ID_SECRET).toBe(PRODUCTION.SEARCH_ID_SECRET);
  });

  it("requires PUBLIC_URL in production, the origin of every link in a mail", () => {
    const { PUBLIC_URL, ...withoutUrl } = PRODUCTION;
    expect(() => loadEnv(withoutUrl)).toThrow(/PUBLIC_URL: must be set when NODE_ENV=production/);
    expect(loadEnv(PRODUCTION).PUBLIC_URL).toBe(PUBLIC_URL);
    expect(loadEnv({ NODE_ENV: "test" }).PUBLIC_URL).toBeUndefined();
  });

  it("trusts a proxy on loopback by default, else what TRUST_PROXY names", () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1,fd00::/8,uniquelocal" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1",
      "fd00::/8",
      "uniquelocal",
    ]);
    for (const wrong of ["2", "proxy.example", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "yes", "10.0.0.0/8,"]) {
      expect(() => loadEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the connection roles and the drain", () => {
  const DATABASE_URL = "postgres://app@pgbouncer:6432/market";
  const DATABASE_DIRECT_URL = "postgres://app@postgres:5432/market";

  it("sends LISTEN and the migrations to DATABASE_DIRECT_URL, else to DATABASE_URL", () => {
    expect(directDatabaseUrl(loadEnv({ DATABASE_URL }))).toBe(DATABASE_URL);
    expect(directDatabaseUrl(loadEnv({ DATABASE_URL, DATABASE_DIRECT_URL }))).toBe(DATABASE_DIRECT_URL);
    expect(() => loadEnv({ DATABASE_DIRECT_URL })).toThrow(/DATABASE_DIRECT_URL: is set without DATABASE_URL/);
  });

  it("takes POOLER_MODE=transaction only with a direct URL", () => {
    expect(loadEnv({ DATABASE_URL }).POOLER_MODE).toBe("session");
    expect(loadEnv({ DATABASE_URL, DATABASE_DIRECT_URL, POOLER_MODE: "transaction" }).POOLER_MODE).toBe("transaction");
    expect(() => loadEnv({ DATABASE_URL, POOLER_MODE: "transaction" })).toThrow(
      /DATABASE_DIRECT_URL: must be set with POOLER_MODE=transaction/,
    );
    expect(() => loadEnv({ DATABASE_URL, DATABASE_DIRECT_URL, POOLER_MODE: "statement" })).toThrow(/POOLER_MODE/);
  });

  it("waits 5 s before refusing connections in production, none elsewhere, within DRAIN_TIMEOUT_MS", () => {
    expect(drainDelayMs(loadEnv(PRODUCTION))).toBe(5_000);
    expect(drainDelayMs(loadEnv({}))).toBe(0);
    expect(drainDelayMs(loadEnv({ DRAIN_DELAY_MS: "1500" }))).toBe(1_500);
    expect(loadEnv({}).DRAIN_TIMEOUT_MS).toBe(25_000);
    expect(() => loadEnv({ DRAIN_DELAY_MS: "30000" })).toThrow(/DRAIN_DELAY_MS: must be shorter than DRAIN_TIMEOUT_MS/);
    expect(() => loadEnv({ DRAIN_TIMEOUT_MS: "10" })).toThrow(/DRAIN_TIMEOUT_MS/);
  });

  it("shortens the payout jobs' expiry and retry delay for a test, never in production", () => {
    const test = loadEnv({ PAYOUT_JOB_EXPIRE_SECONDS: "6", PAYOUT_JOB_RETRY_DELAY_SECONDS: "1" });
    expect(jobTimingFrom(test).payoutRetry).toEqual({ expireInSeconds: 6, retryDelay: 1 });
    expect(() => loadEnv({ ...PRODUCTION, PAYOUT_JOB_EXPIRE_SECONDS: "179" })).toThrow(
      /PAYOUT_JOB_EXPIRE_SECONDS: must be at least 180 when NODE_ENV=production/,
    );
    expect(() => loadEnv({ ...PRODUCTION, PAYOUT_JOB_RETRY_DELAY_SECONDS: "29" })).toThrow(
      /PAYOUT_JOB_RETRY_DELAY_SECONDS: must be at least 30 when NODE_ENV=production/,
    );
    // Longer is a deployment's right (a slower provider); unset keeps the queue's own.
    const longer = loadEnv({ ...PRODUCTION, PAYOUT_JOB_EXPIRE_SECONDS: "600", PAYOUT_JOB_RETRY_DELAY_SECONDS: "60" });
    expect(jobTimingFrom(longer).payoutRetry).toEqual({ expireInSeconds: 600, retryDelay: 60 });
    expect(jobTimingFrom(loadEnv(PRODUCTION))).toEqual({ timing: {}, payoutRetry: {} });
    expect(() => loadEnv({ PAYOUT_JOB_EXPIRE_SECONDS: "0" })).toThrow(/PAYOUT_JOB_EXPIRE_SECONDS/);
  });

  it("passes pg-boss's maintenance and cron intervals through when set", () => {
    expect(jobTimingFrom(loadEnv({ JOBS_MAINTENANCE_INTERVAL_SECONDS: "1", JOBS_CRON_INTERVAL_SECONDS: "2" }))).toEqual(
      {
        timing: { maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 2, cronWorkerIntervalSeconds: 2 },
        payoutRetry: {},
      },
    );
    // pg-boss refuses a cron interval over 45 s at its start; the server says so first.
    expect(() => loadEnv({ JOBS_CRON_INTERVAL_SECONDS: "46" })).toThrow(/JOBS_CRON_INTERVAL_SECONDS/);
  });
});

describe("the file storage settings", () => {
  const BUCKET = { FILES_S3_BUCKET: "market-files" };
  const KEYS = {
    FILES_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    FILES_S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
  };

  it("keeps files on the local disk unless a bucket is named", () => {
    expect(loadEnv({}).FILES_S3_BUCKET).toBeUndefined();
    expect(loadEnv({ ...BUCKET, ...KEYS })).toMatchObject({
      ...BUCKET,
      ...KEYS,
      FILES_S3_REGION: "us-east-1",
      FILES_S3_FORCE_PATH_STYLE: "false",
    });
    const minio = { ...BUCKET, FILES_S3_ENDPOINT: "http://127.0.0.1:9000", FILES_S3_FORCE_PATH_STYLE: "true" };
    expect(loadEnv(minio)).toMatchObject(minio);
  });

  it("refuses half a key pair, bucket settings without a bucket and a bucket name S3 refuses, never printing a secret", () => {
    const secret = { FILES_S3_SECRET_ACCESS_KEY: KEYS.FILES_S3_SECRET_ACCESS_KEY };
    expect(() => loadEnv({ ...BUCKET, ...secret })).toThrow(/FILES_S3_ACCESS_KEY_ID: and FILES_S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ ...BUCKET, ...secret })).not.toThrow(new RegExp(KEYS.FILES_S3_SECRET_ACCESS_KEY));
    expect(() => loadEnv(KEYS)).toThrow(/FILES_S3_SECRET_ACCESS_KEY: is set without FILES_S3_BUCKET/);
    expect(() => loadEnv({ FILES_S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /FILES_S3_ENDPOINT: is set without FILES_S3_BUCKET/,
    );
    for (const name of ["Market_Files", "ab", "-files", "files/x"]) {
      expect(() => loadEnv({ FILES_S3_BUCKET: name })).toThrow(/FILES_S3_BUCKET: must be an S3 bucket name/);
    }
    expect(() => loadEnv({ ...BUCKET, FILES_S3_ENDPOINT: "ftp://files" })).toThrow(/FILES_S3_ENDPOINT/);
  });
});

describe("the Stripe settings", () => {
  it("leaves Stripe off by default: payments go through the sandbox", () => {
    const env = loadEnv({});
    expect(stripeConfigured(env)).toBe(false);
    expect(env.STRIPE_WEBHOOK_SECRET).toBeUndefined();
  });

  it("turns Stripe on with both keys and the webhook secret, live keys included", () => {
    expect(stripeConfigured(loadEnv(STRIPE))).toBe(true);
    const live = {
      STRIPE_SECRET_KEY: "sk_live_51AbcDEF",
      STRIPE_PUBLISHABLE_KEY: "pk_live_51AbcDEF",
      STRIPE_WEBHOOK_SECRET: "whsec_live",
    };
    expect(loadEnv(live)).toMatchObject(live);
    // A restricted key serves as the secret key.
    expect(stripeConfigured(loadEnv({ ...STRIPE, STRIPE_SECRET_KEY: "rk_test_51AbcDEF" }))).toBe(true);
  });

  it("refuses one key without the other, and the webhook secret missing or alone", () => {
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = STRIPE;
    expect(() => loadEnv({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set with STRIPE_SECRET_KEY/,
    );
    expect(() => loadEnv({ STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: must be set with STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be set with the Stripe keys/,
    );
    expect(() => loadEnv({ STRIPE_WEBHOOK_SECRET })).toThrow(/STRIPE_WEBHOOK_SECRET: is set without STRIPE_SECRET_KEY/);
  });

  it("refuses keys swapped, mistyped or of different modes, without printing them", () => {
    const swapped = { ...STRIPE, STRIPE_PUBLISHABLE_KEY: STRIPE.STRIPE_SECRET_KEY };
    expect(() => loadEnv(swapped)).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() => loadEnv(swapped)).not.toThrow(new RegExp(STRIPE.STRIPE_SECRET_KEY));
    expect(() => loadEnv({ ...STRIPE, STRIPE_SECRET_KEY: STRIPE.STRIPE_PUBLISHABLE_KEY })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadEnv({ ...STRIPE, STRIPE_WEBHOOK_SECRET: "sk_test_51AbcDEF" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadEnv({ ...STRIPE, STRIPE_SECRET_KEY: "sk_live_51AbcDEF" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is not of the same mode \(test or live\) as STRIPE_SECRET_KEY/,
    );
  });

  it("refuses production on the payment sandbox unless explicitly allowed", () => {
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, ...withoutStripe } = PRODUCTION;
    expect(() => loadEnv(withoutStripe)).toThrow(/STRIPE_SECRET_KEY: must be set when NODE_ENV=production/);
    expect(stripeConfigured(loadEnv({ ...withoutStripe, PAYMENTS_SANDBOX_IN_PRODUCTION: "1" }))).toBe(false);
    expect(() => loadEnv({ ...withoutStripe, PAYMENTS_SANDBOX_IN_PRODUCTION: "true" })).toThrow(
      /PAYMENTS_SANDBOX_IN_PRODUCTION/,
    );
    // Development and tests run on the sandbox without asking.
    expect(stripeConfigured(loadEnv({ NODE_ENV: "test" }))).toBe(false);
    expect(stripeConfigured(loadEnv(PRODUCTION))).toBe(true);
  });

  it("requires a network token key in production only, and only 32-byte keys", () => {
    const { NETWORK_TOKEN_KEY, ...withoutKey } = PRODUCTION;
    expect(() => loadEnv(withoutKey)).toThrow(/NETWORK_TOKEN_KEY: must be set when NODE_ENV=production/);
    expect(loadEnv({}).NETWORK_TOKEN_KEY).toBeUndefined();
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(
      loadEnv({ NETWORK_TOKEN_KEY: base64, NETWORK_TOKEN_PREVIOUS_KEYS: `${NETWORK_TOKEN_KEY},${base64}` }),
    ).toMatchObject({ NETWORK_TOKEN_KEY: base64 });
    for (const bad of ["short", "a".repeat(63), Buffer.alloc(16).toString("base64")]) {
      expect(() => loadEnv({ NETWORK_TOKEN_KEY: bad })).toThrow(/NETWORK_TOKEN_KEY: must be 32 bytes/);
    }
    expect(() => loadEnv({ NETWORK_TOKEN_PREVIOUS_KEYS: `${NETWORK_TOKEN_KEY},nope` })).toThrow(
      /NETWORK_TOKEN_PREVIOUS_KEYS: must be 32 bytes/,
    );
  });

  it("takes each network's app whole, with PUBLIC_URL for the OAuth redirects", () => {
    const app = { PUBLIC_URL: "https://market.example", TWITTER_CLIENT_ID: "id", TWITTER_CLIENT_SECRET: "secret" };
    expect(loadEnv(app)).toMatchObject({ TWITTER_CLIENT_ID: "id" });
    expect(() => loadEnv({ ...app, TWITTER_CLIENT_SECRET: undefined })).toThrow(
      /TWITTER_CLIENT_SECRET: must be set with TWITTER_CLIENT_ID/,
    );
    expect(() => loadEnv({ GOOGLE_CLIENT_SECRET: "secret", PUBLIC_URL: app.PUBLIC_URL })).toThrow(
      /GOOGLE_CLIENT_ID: must be set with GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadEnv({ ...app, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL: must be set with a network's OAuth app/,
    );
    // Instagram's reader has no redirect.
    const instagram = { INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841400000000001", INSTAGRAM_ACCESS_TOKEN: "t" };
    expect(loadEnv(instagram)).toMatchObject(instagram);
    expect(() => loadEnv({ INSTAGRAM_BUSINESS_ACCOUNT_ID: "me", INSTAGRAM_ACCESS_TOKEN: "t" })).toThrow(
      /INSTAGRAM_BUSINESS_ACCOUNT_ID: must be the numeric IG user id/,
    );
    expect(() => loadEnv({ NETWORKS_SANDBOX_IN_PRODUCTION: "true" })).toThrow(/NETWORKS_SANDBOX_IN_PRODUCTION/);
  });
});
