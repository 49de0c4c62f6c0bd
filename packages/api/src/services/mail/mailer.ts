import { type Db, outgoingMail, type Tx } from "@market/db";
import type { Clock } from "../../clock";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mail port the services use (issue 38): `queue` records the mail in outgoing_mail in the caller's transaction
 * (pass the write's `tx`), so a write that rolls back mails nothing, and a job delivers it once the write commits
 * (deliver-mail.ts, through the MailTransport: the sandbox outbox or SMTP). It never waits for a mail server and
 * never fails with one: a delivery's failure is retried and recorded on the row.
 */
export interface Mailer {
  /** Records the mail (queued) and, on PostgreSQL, its job, both in `db`'s transaction; resolves to its id. */
  queue(db: Db | Tx, mail: MailMessage): Promise<number>;
}

/**
 * Where a queued mail's job goes on PostgreSQL: pg-boss (apps/server/src/jobs/mail-job.ts), the job sent in the
 * transaction that records the mail. Without it (the embedded PGlite runner, tests) there is nothing to send: the
 * runner's pass finds queued mails by next_attempt_at.
 */
export interface MailJobs {
  enqueue(tx: Tx, mailId: number): Promise<void>;
}

/**
 * The Mailer on the outgoing_mail table: the row (due now) and its job in one transaction, a savepoint when `db` is
 * already one, so a caller outside a transaction still never commits a mail without its job.
 */
export function mailQueue(clock: Clock, jobs?: MailJobs): Mailer {
  return {
    queue: (db, mail) =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .insert(outgoingMail)
          .values({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? null,
            createdAt: now,
            nextAttemptAt: now,
          })
          .returning({ id: outgoingMail.id });
        if (!row) throw new Error("outgoing mail not recorded");
        await jobs?.enqueue(tx, row.id);
        return row.id;
      }),
  };
}
