import type { PayoutFailureReason } from "@market/contracts";
import { eq, type Payout, type Tx, users } from "@market/db";
import type { Mailer, MailMessage } from "../mail/mailer";
import { failureText } from "./settle";

/** The mail telling an influencer their payout failed and why (the notification says the same). */
export function payoutFailedMail(to: string, username: string, text: string): MailMessage {
  return { to, subject: "Your payout failed", text: `Hello ${username},\n\n${text}\n` };
}

/**
 * Queues that mail in the transaction that failed the payout (markPayoutFailed's): the mail job sends it once the
 * failure commits, and a delivery that fails is retried, never undoing the failure.
 */
export async function queuePayoutFailedMail(
  deps: { mailer: Mailer },
  tx: Tx,
  failed: Payout,
  failure: { reason: PayoutFailureReason; message: string | null },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, failed.userId));
  if (!user) return;
  await deps.mailer.queue(
    tx,
    payoutFailedMail(user.email, user.username, failureText(failed, failure.reason, failure.message)),
  );
}
