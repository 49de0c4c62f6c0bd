import { RELEASE_REMINDER_LEADS_MS } from "@market/contracts";
import {
  and,
  applications,
  type Db,
  deals,
  eq,
  gt,
  inArray,
  isNotNull,
  lt,
  lte,
  type SQL,
  sql,
  users,
} from "@market/db";
import { MailDeliveryError, type Mailer } from "../../mail/mailer";
import { notify } from "../../notifications/notify";
import { type ReleaseReminder, releaseReminderMail } from "./release-reminder-mail";

/** Rows per transaction, as the other lifecycle sweeps. */
export const REMINDER_BATCH_SIZE = 200;

const [FIRST_LEAD_MS, LAST_LEAD_MS] = RELEASE_REMINDER_LEADS_MS;

/**
 * SQL: the reminders a running countdown is due at `now`: 2 within the last lead (24 h), 1 within the first (72 h),
 * else 0. A countdown that resumes or starts within 24 h gets the 24 h reminder only.
 */
const dueStage = (now: Date): SQL<number> =>
  sql<number>`(case when ${lte(applications.moneyReleaseDate, new Date(now.getTime() + LAST_LEAD_MS))} then 2
    when ${lte(applications.moneyReleaseDate, new Date(now.getTime() + FIRST_LEAD_MS))} then 1 else 0 end)`;

/**
 * Beyond the spec: the brand is reminded 72 h and 24 h before the automatic release, by mail and by notification,
 * once each per countdown (work done starts the count over; a pause keeps it).
 *
 * Each batch claims the running countdowns due a reminder they have not had (FOR UPDATE SKIP LOCKED, over
 * applications_release_due_idx) and records it on the row (release_reminders_sent) with the notification in one
 * transaction: two instances sweeping at once never remind twice. The mails go after the commit, so a crash in
 * between loses a mail, never sends one twice; a failed delivery stays in outgoing_mail with its error. Resolves to
 * how many reminders it sent.
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
        .where(
          and(
            eq(applications.status, "PROGRESS"),
            isNotNull(applications.moneyReleaseDate),
            gt(applications.moneyReleaseDate, now),
            lte(applications.moneyReleaseDate, new Date(now.getTime() + FIRST_LEAD_MS)),
            lt(applications.releaseRemindersSent, dueStage(now)),
          ),
        )
        .orderBy(applications.moneyReleaseDate)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(applications)
        // A reminder is no news on the application: its last update stays (else $onUpdate would move it).
        .set({ releaseRemindersSent: dueStage(now), updatedAt: sql`${applications.updatedAt}` })
        .where(
          and(
            inArray(applications.id, due),
            eq(applications.status, "PROGRESS"),
            gt(applications.moneyReleaseDate, now),
            lt(applications.releaseRemindersSent, dueStage(now)),
          ),
        )
        .returning({
          id: applications.id,
          dealId: applications.dealId,
          brandId: applications.brandId,
          releaseDate: applications.moneyReleaseDate,
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
      return rows.flatMap((row): ReleaseReminder[] => {
        const person = byId.get(row.id);
        return person && row.releaseDate ? [{ ...person, applicationId: row.id, releaseDate: row.releaseDate }] : [];
      });
    });
    for (const reminder of reminders) {
      try {
        await deps.mailer.send(releaseReminderMail(reminder, now, deps.publicUrl));
      } catch (error) {
        if (!(error instanceof MailDeliveryError)) throw error;
      }
    }
    total += reminders.length;
    if (reminders.length < batchSize) return total;
  }
}
