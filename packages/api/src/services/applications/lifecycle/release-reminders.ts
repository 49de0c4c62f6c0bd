import { and, applications, type Db, deals, eq, inArray, sql, users } from "@market/db";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../../notifications/notify";
import { type ReleaseReminder, releaseReminderMail } from "./release-reminder-mail";
import { deadlineColumn, reminderDueSql, remindersDueCountSql } from "./timer-sql";
import { TIMERS } from "./transitions";

/** Rows per transaction, as the other lifecycle sweeps. */
export const REMINDER_BATCH_SIZE = 200;

const REMINDERS = TIMERS.releaseReminders;
const DEADLINE = TIMERS[REMINDERS.before];

/** SQL: the running countdowns due a reminder at `now`, as the table's releaseReminders declare them. */
export const releaseRemindersSql = (now: Date) => reminderDueSql(REMINDERS, DEADLINE, now);

/**
 * Beyond the spec: the brand is reminded at each lead of the table's releaseReminders (72 h and 24 h) before the
 * automatic release, by mail and by notification, once each per countdown (work done restarts the count, as its
 * `writes.clocks` says; a pause keeps it).
 *
 * Each batch claims the running countdowns due a reminder they have not had (FOR UPDATE SKIP LOCKED, over
 * applications_release_due_idx) and records it on the row (release_reminders_sent, the declaration's countedIn)
 * with the notification and the queued mail in one transaction: two instances sweeping at once never remind twice,
 * and a crash loses no reminder (the mail job sends the mail once this commits, retrying a failed delivery).
 * Resolves to how many countdowns it reminded.
 */
export async function sweepReleaseReminders(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  now: Date,
  batchSize = REMINDER_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const reminders = await deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: applications.id })
        .from(applications)
        .where(releaseRemindersSql(now))
        .orderBy(deadlineColumn(DEADLINE))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(applications)
        // A reminder is no news on the application: its last update stays (else $onUpdate would move it).
        .set({
          [REMINDERS.countedIn]: remindersDueCountSql(REMINDERS, DEADLINE, now),
          updatedAt: sql`${applications.updatedAt}`,
        })
        // Again under the lock: a party's action may have moved the countdown since the claim was planned.
        .where(and(inArray(applications.id, due), releaseRemindersSql(now)))
        .returning({
          id: applications.id,
          dealId: applications.dealId,
          brandId: applications.brandId,
          releaseDate: deadlineColumn(DEADLINE),
        });
      if (rows.length === 0) return [];
      await notify(
        tx,
        rows.map((row) => ({
          userId: row.brandId,
          type: "release_reminder" as const,
          applicationId: row.id,
          dealId: row.dealId,
          senderId: null,
          createdAt: now,
        })),
      );
      const people = await tx
        .select({ id: applications.id, email: users.email, username: users.username, dealTitle: deals.title })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.brandId))
        .innerJoin(deals, eq(deals.id, applications.dealId))
        .where(
          inArray(
            applications.id,
            rows.map((row) => row.id),
          ),
        );
      const byId = new Map(people.map((person) => [person.id, person]));
      const reminders = rows.flatMap((row): ReleaseReminder[] => {
        const person = byId.get(row.id);
        return person && row.releaseDate ? [{ ...person, applicationId: row.id, releaseDate: row.releaseDate }] : [];
      });
      for (const reminder of reminders) await deps.mailer.queue(tx, releaseReminderMail(reminder, now, deps.publicUrl));
      return rows;
    });
    total += reminders.length;
    if (reminders.length < batchSize) return total;
  }
}
