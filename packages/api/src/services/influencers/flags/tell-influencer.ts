import { type Db, eq, users } from "@market/db";
import { MailDeliveryError, type Mailer, type MailMessage } from "../../mail/mailer";

/**
 * Mails the influencer after the commit (their notification, written in the transaction, already tells them): a
 * lost mail stays in outgoing_mail with its error and undoes nothing.
 */
export async function mailInfluencer(
  deps: { db: Db; mailer: Mailer },
  influencerId: number,
  mail: (to: string, username: string) => MailMessage,
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, influencerId));
  if (!user) return;
  try {
    await deps.mailer.send(mail(user.email, user.username));
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
  }
}
