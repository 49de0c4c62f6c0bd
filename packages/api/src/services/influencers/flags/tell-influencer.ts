import { eq, type Tx, users } from "@market/db";
import type { Mailer, MailMessage } from "../../mail/mailer";

/**
 * Queues the influencer's mail in the transaction that flags them or decides their appeal (their notification,
 * written in it too, already tells them): the mail job sends it once it commits; a lost mail is retried, stays in
 * outgoing_mail with its error and undoes nothing.
 */
export async function mailInfluencer(
  deps: { mailer: Mailer },
  tx: Tx,
  influencerId: number,
  mail: (to: string, username: string) => MailMessage,
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, influencerId));
  if (!user) return;
  await deps.mailer.queue(tx, mail(user.email, user.username));
}
