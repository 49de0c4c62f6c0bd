import { resolve } from "node:path";
import {
  hashPassword,
  mailQueue,
  offsetClock,
  outboxTransport,
  sandboxGateway,
  smtpMailer,
  systemClock,
} from "@market/api";
import { DAY_MS, SECOND_MS } from "@market/contracts";
import { createDb, migrate, newestMigrationMillis } from "@market/db";
import { DEMO_LOGINS, seedDemoIfEmpty } from "@market/db/seed";
import { destination } from "pino";
import { buildApp } from "./app";
import { directDatabaseUrl, drainDelayMs, type Env, loadEnv, shouldSeedDemo, stripeConfigured } from "./env";
import { fileStoreFrom } from "./file-store";
import { consoleJobLog, jobTimingFrom, startJobEngine } from "./jobs";
import { createDrainState, drainOnSignals } from "./lifecycle/drain";
import { networkProvidersFrom, tokenCipherFrom } from "./network-providers";
import { paymentGatewayFrom } from "./payments";
import { payoutProvidersFrom } from "./payouts";
import { freePort, urlToOpen } from "./url-to-open";

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  // A wrong setting is the operator's to fix: say which, without a stack trace to read through.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const startedAt = performance.now();
// The browser tests' server (E2E_TEST_ROUTES=1, refused in production) runs on a clock POST /api/test/clock can
// move forward, so a test sees a 10-day window end; every other server on the system clock, untouched.
const clock = env.E2E_TEST_ROUTES === "1" ? offsetClock(systemClock) : systemClock;
// The queries go to DATABASE_URL (maybe a pooler); LISTEN and the migrations to DATABASE_DIRECT_URL when set.
const handle = await createDb(
  env.DATABASE_URL
    ? {
        url: env.DATABASE_URL,
        directUrl: env.DATABASE_DIRECT_URL,
        poolerMode: env.POOLER_MODE,
        max: env.DATABASE_POOL_SIZE,
      }
    : { dataDir: resolve(env.DATA_DIR, "pglite") },
);
await migrate(handle, { migrationsFolder: env.MIGRATIONS_DIR });
// GET /readyz fails from the first SIGTERM or SIGINT (the drain, below).
const drainState = createDrainState();
// The S3 bucket when FILES_S3_BUCKET is set, else DATA_DIR/files.
const fileStorage = await fileStoreFrom(env);
const files = fileStorage.store;
// pg-boss on PostgreSQL (its own direct connection), the in-process runner on PGlite; worked once the app listens.
const jobs = await startJobEngine({
  directUrl: directDatabaseUrl(env),
  db: handle.db,
  log: consoleJobLog,
  timing: jobTimingFrom(env),
});
// Each network's real adapter when its app is configured, else its sandbox (outside production).
const networks = networkProvidersFrom(env, { db: handle.db, clock });
// Mail is queued in outgoing_mail with the write that causes it, and its job (pg-boss on PostgreSQL, the runner's
// pass on PGlite) sends it: through SMTP, else to the log (set once the app's logger exists, below).
const mailer = mailQueue(clock, jobs.mailJobs);
const smtp = env.SMTP_URL ? smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : undefined;

// The token cipher the app stores tokens with, shared with the statistics sweep below as the providers are.
const tokenCipher = tokenCipherFrom(env);

// Webhooks reach public https receivers only; the test server (loopback, never production) also reaches the
// receivers a browser test starts on loopback.
const webhookTargets = env.E2E_TEST_ROUTES === "1" ? { allowPrivate: true } : undefined;

// Wise and PayPal when configured, else the built-in sandbox; the worker below and POST /api/test/sweeps use them.
const payoutProviders = payoutProvidersFrom(env, clock);
// Where the server listens, and so what every link in a mail opens: PUBLIC_URL, else the configured address (a
// port of 0 is picked now, so the links can name it). Never a request's Host, which its sender chooses.
const port = env.PORT === 0 ? await freePort(env.HOST) : env.PORT;
const url = urlToOpen({ publicUrl: env.PUBLIC_URL, host: env.HOST, port });
// The log's lines go to standard output in writes of 4 KB or more, made in the background (pino's asynchronous
// destination), and at least every second, where pino's default is a blocking write(2) per line (issue 33: the
// access lines' writes were 6 % of the money mix's Node CPU). pino writes what is left when the process exits.
const logLines = destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => logLines.flush(), SECOND_MS).unref();
const app = await buildApp({
  db: handle.db,
  clock,
  files,
  mailer,
  // Stripe when configured; else the built-in sandbox (Stripe's contract and test cards), so a fresh machine pays
  // end to end. PAYMENTS_SANDBOX_UNAVAILABLE=1 makes it play the provider's outage.
  payments: paymentGatewayFrom(env, () =>
    sandboxGateway({ db: handle.db, clock, unavailable: () => env.PAYMENTS_SANDBOX_UNAVAILABLE === "1" }),
  ),
  publicUrl: url,
  trustProxy: env.TRUST_PROXY,
  rateLimitScale: env.RATE_LIMIT_SCALE,
  refundApprovalThresholdCents: env.REFUND_SECOND_APPROVAL_CENTS,
  supportEmail: env.SUPPORT_EMAIL,
  platformLegalName: env.PLATFORM_LEGAL_NAME,
  platformAddress: env.PLATFORM_ADDRESS,
  searchIdSecret: env.SEARCH_ID_SECRET,
  networkProviders: networks.providers,
  tokenCipher,
  testRoutes: env.E2E_TEST_ROUTES === "1",
  payoutProviders,
  payoutJobs: jobs.payoutJobs,
  webhookTargets,
  logger: { level: env.LOG_LEVEL, stream: logLines },
  listener: handle.listener,
  isDraining: drainState.isDraining,
  expectedMigration: newestMigrationMillis(env.MIGRATIONS_DIR),
  webDist: resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
});
app.log.info(fileStorage.where, "stored files");
// How each network links, said once at start (never a secret): sandbox ones serve their pages under /auth/sandbox.
app.log.info(networks.kinds, "network linking providers");
for (const [network, kind] of Object.entries(networks.kinds)) {
  if (kind === "unavailable") app.log.warn(`${network} is not configured: it cannot be linked on this server`);
}
if (!env.SMTP_URL) app.log.info("SMTP_URL is not set: mails are recorded in outgoing_mail and logged, not sent");
// Which money world this server lives in, said once at start (never the keys themselves).
if (!stripeConfigured(env)) {
  const level = env.NODE_ENV === "production" ? "warn" : "info";
  app.log[level]("Stripe is not configured: payments go through the built-in sandbox (test cards, no money moves)");
} else if (env.NODE_ENV === "production" && env.STRIPE_SECRET_KEY?.includes("_test_")) {
  app.log.warn("STRIPE_SECRET_KEY is a test-mode key: no real money moves");
}

for (const [method, provider] of Object.entries(payoutProviders)) {
  if (provider.name === "sandbox") {
    const level = env.NODE_ENV === "production" ? "warn" : "info";
    app.log[level](
      { method, delayMs: env.SANDBOX_PAYOUT_DELAY_MS },
      "payouts of this method go through the built-in sandbox (no money moves; an email containing 'fail' fails)",
    );
  }
}

const seedDemo = shouldSeedDemo(env);
if (seedDemo) {
  const seeded = await seedDemoIfEmpty(handle.db, {
    hashPassword,
    saveFile: (file) => files.put(file.storageKey, file.bytes),
    // The demo's networks hold sandbox tokens sealed with this server's key (the development key unless set).
    encryptToken: (token) => tokenCipher.encryptToken(token),
  });
  if (seeded) app.log.info(seeded.summary, "demo marketplace seeded");
}

await app.listen({ port, host: env.HOST });

// The time-driven jobs (jobs/): their deps. They queue mail too (the brand's release reminders), and the mail job
// delivers every queued mail through SMTP, else to the log.
await jobs.work({
  db: handle.db,
  clock,
  files,
  mailer,
  mailTransport: smtp ?? outboxTransport(app.log),
  // Mail read outside the browser needs whole links: the public origin, else the address the server listens on.
  publicUrl: url,
  log: app.log,
  networks: {
    networkProviders: networks.providers,
    tokenCipher,
    statisticsMaxAgeMs: env.NETWORK_STATISTICS_MAX_AGE_DAYS * DAY_MS,
  },
  // The payout worker opens the bank accounts of Wise payouts with the key that sealed them.
  payoutProviders,
  tokenCipher,
  webhookTargets,
});
app.log.info({ engine: jobs.kind }, "jobs started");

// SIGTERM or SIGINT: /readyz fails at once, connections are taken for DRAIN_DELAY_MS more, then the requests in
// flight are answered, the sockets told to reconnect elsewhere and the jobs under way finished or handed back,
// within DRAIN_TIMEOUT_MS (lifecycle/drain.ts).
drainOnSignals(drainState, {
  log: app.log,
  delayMs: drainDelayMs(env),
  timeoutMs: env.DRAIN_TIMEOUT_MS,
  stopWork: async () => {
    await jobs.stop();
    smtp?.close();
  },
  closeServer: () => app.close(),
  closeDatabase: async () => {
    fileStorage.close();
    await handle.close();
  },
});

const lines = [`Ready: open ${url} (started in ${Math.round(performance.now() - startedAt)} ms)`];
if (seedDemo)
  lines.push(...DEMO_LOGINS.map((login) => `  demo ${login.role.padEnd(10)} ${login.email} / ${login.password}`));
// Printed, not logged: the person who ran `npm start` needs these whatever the log level.
console.log(lines.join("\n"));
