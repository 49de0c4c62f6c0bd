import { MINUTE_MS } from "@market/contracts";
import { type Db, refreshEngagementTierMedians, sweepClosedSearchDocs, sweepOldNetworkSnapshots } from "@market/db";
import type { Clock } from "../../clock";
import { sweepExpiredProposals } from "../applications/lifecycle/expire-sweep";
import { sweepReleaseReminders } from "../applications/lifecycle/release-reminders";
import { sweepDueReleases } from "../applications/lifecycle/release-sweep";
import { sweepExpiredImpersonations } from "../auth/impersonation-expiry";
import { sweepPostChecks } from "../deliveries/check-posts";
import { postVerifiersOf } from "../deliveries/post-verifiers";
import { sweepStatisticsSnapshots } from "../deliveries/snapshot-sweep";
import type { FileStore } from "../files/file-store";
import type { Mailer } from "../mail/mailer";
import { checkInstagramToken } from "../networks/instagram-token-sweep";
import type { NetworkProviders } from "../networks/providers/ports";
import { sweepNetworkStatistics } from "../networks/statistics-sweep";
import type { TokenCipher } from "../networks/token-cipher";
import { sweepNotificationMail } from "../notifications/mail/mail-sweep";
import type { WebhookJobs } from "../notifications/notify";
import { sweepExpiredSessions } from "./expired-sessions";
import { sweepStaleLoginSources } from "./login-sources";
import { sweepExpiredNetworkLinkStates } from "./network-link-states";
import { sweepOrphanDealImages } from "./orphan-deal-images";
import { sweepSpentPasswordResetTokens } from "./password-reset-tokens";
import { sweepExpiredRateLimitBuckets } from "./rate-limit-buckets";

export interface SweepDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The brand's release reminders and the notification mails are queued through it (the server's mailer). */
  mailer: Mailer;
  /** The origin of links in the mails: PUBLIC_URL, else the configured address (ApiDeps.publicUrl). */
  publicUrl: string;
  /** Fastify's (pino's) logger fits; without one, results are only returned. */
  log?: SweepLog | undefined;
  /** The network providers and token cipher the server runs with; without them the statistics sweep reads nothing. */
  networks?: NetworkSweepDeps | undefined;
  /** The server's token cipher: the payout worker opens the sealed bank accounts of Wise payouts with it. */
  tokenCipher?: TokenCipher | undefined;
  /** pg-boss's webhook queue: the deliveries of what a sweep writes get their jobs in its transaction. */
  webhookJobs?: WebhookJobs | undefined;
}

export interface NetworkSweepDeps {
  networkProviders: NetworkProviders;
  tokenCipher: TokenCipher;
  /** NETWORK_STATISTICS_MAX_AGE_DAYS; a week when absent. */
  statisticsMaxAgeMs?: number | undefined;
}

export interface SweepLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  /** Operator alerts (src/operator-alert.ts); pino's logger has it. */
  error?(details: object, message: string): void;
}

/** One periodic pass; resolves to how many rows it deleted (cleanups) or changed (lifecycle transitions). */
export type Sweep = (deps: SweepDeps, now: Date) => Promise<number>;

/** Every periodic cleanup, run in this order by runSweeps. */
export const SWEEPS = {
  closedSearchDocs: (deps, now) => sweepClosedSearchDocs(deps.db, now),
  expiredRateLimitBuckets: (deps, now) => sweepExpiredRateLimitBuckets(deps.db, now),
  spentPasswordResetTokens: (deps, now) => sweepSpentPasswordResetTokens(deps.db, now),
  expiredSessions: (deps, now) => sweepExpiredSessions(deps.db, now),
  staleLoginSources: (deps, now) => sweepStaleLoginSources(deps.db, now),
  orphanDealImages: (deps, now) => sweepOrphanDealImages(deps, now),
  expiredNetworkLinkStates: (deps, now) => sweepExpiredNetworkLinkStates(deps.db, now),
  // The statistics history (issue 40): days past the retention deleted; the engagement medians of the follower
  // tiers the audience-quality score compares with, recomputed once a day (a no-op on the other runs).
  oldNetworkSnapshots: (deps, now) => sweepOldNetworkSnapshots(deps.db, now),
  engagementTierMedians: (deps, now) => refreshEngagementTierMedians(deps.db, now),
  // Not a cleanup, but as unhurried: linked networks' statistics read again once a week old, a batch per run.
  networkStatistics: async ({ networks, ...deps }, now) =>
    networks
      ? sweepNetworkStatistics({ ...deps, ...networks }, now, { maxAgeMs: networks.statisticsMaxAgeMs, log: deps.log })
      : 0,
  // Delivered posts (issue 37): checks still owed (pending, or the network's API was down), then the day-1 and
  // day-7 statistics readings. Each claims its rows, so several instances share the work.
  postChecks: async ({ networks, ...deps }, now) =>
    networks
      ? sweepPostChecks({ ...deps, ...networks, postVerifiers: postVerifiersOf(networks.networkProviders) }, now)
      : 0,
  statisticsSnapshots: async ({ networks, ...deps }, now) =>
    networks
      ? sweepStatisticsSnapshots(
          { ...deps, ...networks, postVerifiers: postVerifiersOf(networks.networkProviders) },
          now,
        )
      : 0,
  // The Instagram reader's own token: an operator alert when it fails, runs out soon, or cannot be checked.
  instagramToken: async ({ networks, log }) =>
    networks ? checkInstagramToken(networks.networkProviders.instagram, log) : 0,
} as const satisfies Record<string, Sweep>;

/**
 * How often the lifecycle sweeps run: a lapsed proposal's notification, an automatic release and a reminder go out
 * within about a minute of falling due.
 */
export const LIFECYCLE_SWEEP_INTERVAL_MS = MINUTE_MS;

/**
 * Lifecycle transitions that fall due with time (spec section 4), run every LIFECYCLE_SWEEP_INTERVAL_MS; when each
 * falls due is the lifecycle table's TIMERS (applications/lifecycle/transitions.ts): expiry, which reads already
 * show and this writes down; the automatic release at the end of the brand's window; and, beyond the spec, the
 * brand's reminders before it (72 h and 24 h) and the mails of notifications left unseen.
 */
export const LIFECYCLE_SWEEPS = {
  // Impersonations past their 30 minutes, ended and recorded within a minute, used again or not.
  expiredImpersonations: (deps, now) => sweepExpiredImpersonations(deps.db, now),
  expiredProposals: (deps, now) => sweepExpiredProposals(deps.db, now, undefined, deps.webhookJobs),
  dueReleases: (deps, now) =>
    sweepDueReleases(deps.db, now, {
      webhookJobs: deps.webhookJobs,
      onFailure: ({ applicationId, err }) => deps.log?.warn({ err, applicationId }, "automatic release failed"),
    }),
  releaseReminders: (deps, now) => sweepReleaseReminders(deps, now),
  // Last, so what the ones above just wrote waits its delay like any notification.
  notificationMail: (deps, now) => sweepNotificationMail(deps, now),
} as const satisfies Record<string, Sweep>;

export type SweepName = keyof typeof SWEEPS | keyof typeof LIFECYCLE_SWEEPS;
export type SweepOutcome = { ok: true; count: number } | { ok: false; error: unknown };

export interface RunSweepsOptions {
  /** Names the group in the log lines: "cleanup" (the default) or "lifecycle". */
  label?: string;
  /** Log the summary line even when no sweep found anything (on by default; off for groups run every minute). */
  logWhenIdle?: boolean;
}

/**
 * Runs every sweep once, one after the other (they are background work: no need to compete for connections), each
 * on its own, so one failing never stops the others; a failure is logged and the sweep simply runs again next time.
 * All use the same `now`. Never rejects; resolves to each sweep's outcome.
 */
export async function runSweeps<D extends SweepDeps = SweepDeps>(
  deps: D,
  sweeps: Record<string, (deps: D, now: Date) => Promise<number>> = SWEEPS,
  { label = "cleanup", logWhenIdle = true }: RunSweepsOptions = {},
): Promise<Record<string, SweepOutcome>> {
  const now = deps.clock.now();
  const outcomes: Record<string, SweepOutcome> = {};
  for (const [name, sweep] of Object.entries(sweeps)) {
    try {
      outcomes[name] = { ok: true, count: await sweep(deps, now) };
    } catch (error) {
      outcomes[name] = { ok: false, error };
      deps.log?.warn({ err: error, sweep: name }, `${label} sweep failed`);
    }
  }
  const counts: Record<string, number> = Object.fromEntries(
    Object.entries(outcomes).flatMap(([name, outcome]) => (outcome.ok ? [[name, outcome.count]] : [])),
  );
  if (logWhenIdle || Object.values(counts).some((count) => count > 0)) {
    deps.log?.info({ counts }, `${label} sweeps done`);
  }
  return outcomes;
}
