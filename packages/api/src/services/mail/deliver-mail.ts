import { MINUTE_MS, SECOND_MS } from "@market/contracts";
import { and, type Db, eq, gt, isNull, lte, or, outgoingMail, type SQL } from "@market/db";
import type { Clock } from "../../clock";
import type { MailTransport } from "./mail-transport";

/**
 * How long a delivery holds its mail: longer than the SMTP adapter's slowest attempt (three steps of
 * SMTP_TIMEOUT_MS), shorter than the mail job's expiry, so a job retried after its instance died finds it free.
 */
export const MAIL_CLAIM_MS = MINUTE_MS;
/** Attempts before a mail is given up (failed_at): the first, then five retries over about a quarter of an hour. */
export const MAIL_MAX_ATTEMPTS = 6;
/** The first retry's wait; each next one doubles it (30 s, 1, 2, 4, 8 min). */
export const MAIL_RETRY_DELAY_MS = 30 * SECOND_MS;

/** When the mail whose `attempts`-th attempt just failed is tried again. */
export function nextMailAttemptAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + MAIL_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface MailDeliveryDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
}

export type MailDelivery =
  | { kind: "sent"; attempts: number }
  /** The transport failed: tried again at `nextAttemptAt` (the embedded runner) or at the job's retry (pg-boss). */
  | { kind: "retry"; attempts: number; error: string; nextAttemptAt: Date }
  /** The transport failed and the attempts are spent: the row is failed with the error. */
  | { kind: "failed"; attempts: number; error: string }
  /** Another delivery holds it now: it ends sent, or its claim lapses and the mail is free again. */
  | { kind: "busy" }
  /** Nothing to do: sent or failed already, not due yet (`dueOnly`), or no such mail. */
  | { kind: "done" };

/** Sent, failed and claimed mails are never taken; the claim is free or lapsed. */
const claimable = (now: Date): SQL | undefined =>
  and(
    isNull(outgoingMail.sentAt),
    isNull(outgoingMail.failedAt),
    or(isNull(outgoingMail.claimedUntil), lte(outgoingMail.claimedUntil, now)),
  );

/**
 * One delivery attempt of a queued mail, by the mail job (pg-boss) or the embedded runner's pass. The claim is one
 * conditional UPDATE (claimed_until, the time taken at the claim): of two instances delivering the same mail at
 * once, the second's UPDATE waits for the first's and then finds it claimed, so the mail goes out once. A delivery
 * that crashes after the transport accepted the mail and before the row says so sends it again once the claim
 * lapses: at least once, never twice by two live instances. `dueOnly` (the runner's pass) also waits for
 * next_attempt_at; pg-boss's retry decides the time of a job's next attempt itself.
 */
export async function deliverQueuedMail(
  deps: MailDeliveryDeps,
  mailId: number,
  options: { dueOnly?: boolean; maxAttempts?: number } = {},
): Promise<MailDelivery> {
  const claimedAt = deps.clock.now();
  const [mail] = await deps.db
    .update(outgoingMail)
    .set({ claimedUntil: new Date(claimedAt.getTime() + MAIL_CLAIM_MS) })
    .where(
      and(
        eq(outgoingMail.id, mailId),
        claimable(claimedAt),
        options.dueOnly ? lte(outgoingMail.nextAttemptAt, claimedAt) : undefined,
      ),
    )
    .returning({
      id: outgoingMail.id,
      to: outgoingMail.to,
      subject: outgoingMail.subject,
      text: outgoingMail.text,
      html: outgoingMail.html,
      attempts: outgoingMail.attempts,
    });
  if (!mail) return (await isClaimedElsewhere(deps.db, mailId, claimedAt)) ? { kind: "busy" } : { kind: "done" };

  const attempts = mail.attempts + 1;
  try {
    await deps.transport.deliver({ ...mail, html: mail.html ?? undefined });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const now = deps.clock.now();
    const spent = attempts >= (options.maxAttempts ?? MAIL_MAX_ATTEMPTS);
    const nextAttemptAt = nextMailAttemptAt(now, attempts);
    await deps.db
      .update(outgoingMail)
      .set({
        attempts,
        error: message,
        claimedUntil: null,
        nextAttemptAt: spent ? null : nextAttemptAt,
        failedAt: spent ? now : null,
      })
      .where(eq(outgoingMail.id, mail.id));
    return spent
      ? { kind: "failed", attempts, error: message }
      : { kind: "retry", attempts, error: message, nextAttemptAt };
  }
  await deps.db
    .update(outgoingMail)
    .set({ attempts, sentAt: deps.clock.now(), error: null, claimedUntil: null, nextAttemptAt: null })
    .where(eq(outgoingMail.id, mail.id));
  return { kind: "sent", attempts };
}

async function isClaimedElsewhere(db: Db, mailId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(
      and(
        eq(outgoingMail.id, mailId),
        isNull(outgoingMail.sentAt),
        isNull(outgoingMail.failedAt),
        gt(outgoingMail.claimedUntil, now),
      ),
    );
  return row !== undefined;
}

/** Mails one pass of the embedded runner takes at most; the next pass, a second later, goes on. */
export const MAIL_PASS_LIMIT = 50;

/**
 * The embedded runner's mail pass (PGlite: no pg-boss): every queued mail that is due and not held, the longest due
 * first (outgoing_mail_due_idx), delivered one after the other, each claimed at its own time. Resolves to how many
 * were sent.
 */
export async function sweepQueuedMail(deps: MailDeliveryDeps, limit = MAIL_PASS_LIMIT): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(
      and(
        lte(outgoingMail.nextAttemptAt, now),
        or(isNull(outgoingMail.claimedUntil), lte(outgoingMail.claimedUntil, now)),
      ),
    )
    .orderBy(outgoingMail.nextAttemptAt)
    .limit(limit);
  let sent = 0;
  for (const { id } of due) {
    if ((await deliverQueuedMail(deps, id, { dueOnly: true })).kind === "sent") sent += 1;
  }
  return sent;
}
