import { resolve } from "node:path";
import {
  hashPassword,
  LIFECYCLE_SWEEP_INTERVAL_MS,
  LIFECYCLE_SWEEPS,
  localDiskFileStore,
  offsetClock,
  outboxMailer,
  PAYOUT_SWEEP_INTERVAL_MS,
  runSweeps,
  sandboxGateway,
  smtpMailer,
  sweepPayouts,
  systemClock,
} from "@market/api";
import { DAY_MS, MINUTE_MS, SECOND_MS } from "@market/contracts";
import { createDb, migrate } from "@market/db";
import { DEMO_LOGINS, seedDemoIfEmpty } from "@market/db/seed";
import { destination } from "pino";
import { buildApp } from "./app";
import { type Env, loadEnv, shouldSeedDemo, stripeConfigured } from "./env";
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
const handle = await createDb(
  env.DATABASE_URL
    ? { url: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE }
    : { dataDir: resolve(env.DATA_DIR, "pglite") },
);
await migrate(handle, { migrationsFolder: env.MIGRATIONS_DIR });
const files = localDiskFileStore(resolve(env.DATA_DIR, "files"));
// Each network's real adapter when its app is configured, else its sandbox (outside production).
const networks = networkProvidersFrom(env, { db: handle.db, clock });
// Without SMTP_URL, mail is recorded in outgoing_mail and logged (set once the app's logger exists, below).
const smtp = env.SMTP_URL ? smtpMailer(handle.db, clock, { url: env.SMTP_URL, from: env.MAIL_FROM }) : undefined;

// The token cipher the app stores tokens with, shared with the statistics sweep below as the providers are.
const tokenCipher = tokenCipherFrom(env);

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
  // Without SMTP_URL, buildApp records mail in outgoing_mail and logs it.
  mailer: smtp,
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
  searchIdSecret: env.SEARCH_ID_SECRET,
  networkProviders: networks.providers,
  tokenCipher,
  testRoutes: env.E2E_TEST_ROUTES === "1",
  payoutProviders,
  logger: { level: env.LOG_LEVEL, stream: logLines },
  webDist: resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
});
app.addHook("onClose", async () => handle.close());
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

// The sweeps mail too (the brand's release reminders): through SMTP, else recorded and logged as the app does.
const sweepDeps = {
  db: handle.db,
  clock,
  files,
  mailer: smtp ?? outboxMailer(handle.db, clock, app.log),
  // Mail read outside the browser needs whole links: the public origin, else the address the server listens on.
  publicUrl: url,
  log: app.log,
};
// Data that only grows (search docs of closed deals, ended rate-limit windows, spent reset links, expired sessions,
// abandoned campaign images) is swept now and every 10 minutes, off the request path, as are linked networks'
// statistics once a week old (a batch per run). runSweeps never rejects: each failure is logged and that sweep is
// retried next time.
const SWEEP_INTERVAL_MS = 10 * MINUTE_MS;
const networkSweep = {
  networkProviders: networks.providers,
  tokenCipher,
  statisticsMaxAgeMs: env.NETWORK_STATISTICS_MAX_AGE_DAYS * DAY_MS,
};
const sweep = () => runSweeps({ ...sweepDeps, networks: networkSweep });
void sweep();
const sweepTimer = setInterval(sweep, SWEEP_INTERVAL_MS);
sweepTimer.unref();
// Lifecycle transitions that fall due with time (a proposal past its expiration is denied, the money of an ended
// window released, the brand reminded before that): every minute, logged only when one happened.
const lifecycleSweep = () =>
  runSweeps(sweepDeps, LIFECYCLE_SWEEPS, {
    label: "lifecycle",
    logWhenIdle: false,
  });
void lifecycleSweep();
const lifecycleTimer = setInterval(lifecycleSweep, LIFECYCLE_SWEEP_INTERVAL_MS);
lifecycleTimer.unref();
// The payout worker (money.md): sends requested payouts and records their outcome, every few seconds on every
// instance (claims keep two instances off the same payout).
// The worker opens the bank accounts of Wise payouts with the key that sealed them.
const payoutDeps = { ...sweepDeps, payoutProviders, tokenCipher };
const payoutSweep = () =>
  runSweeps(payoutDeps, { payouts: (deps, now) => sweepPayouts(deps, now) }, { label: "payouts", logWhenIdle: false });
void payoutSweep();
const payoutTimer = setInterval(payoutSweep, PAYOUT_SWEEP_INTERVAL_MS);
payoutTimer.unref();

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    clearInterval(sweepTimer);
    clearInterval(lifecycleTimer);
    clearInterval(payoutTimer);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}

const lines = [`Ready: open ${url} (started in ${Math.round(performance.now() - startedAt)} ms)`];
if (seedDemo)
  lines.push(...DEMO_LOGINS.map((login) => `  demo ${login.role.padEnd(10)} ${login.email} / ${login.password}`));
// Printed, not logged: the person who ran `npm start` needs these whatever the log level.
console.log(lines.join("\n"));
