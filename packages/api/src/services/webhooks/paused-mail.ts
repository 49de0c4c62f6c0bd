import { eq, type Tx, users } from "@market/db";
import type { Mailer } from "../mail/mailer";

/**
 * Tells an endpoint's owner the sender paused it (its deliveries kept failing), in the transaction that paused it:
 * nothing is sent to it until they resume it, so they must hear of it somewhere other than the endpoint.
 */
export async function queuePausedMail(
  deps: { mailer: Mailer },
  tx: Tx,
  userId: number,
  url: string,
  failures: number,
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await deps.mailer.queue(tx, {
    to: user.email,
    subject: "Your webhook endpoint was paused",
    text:
      `Hello ${user.username},\n\nThe last ${failures} events sent to ${url} all failed, each after about three days ` +
      "of attempts, so we paused the endpoint: new events are not sent to it. Once it answers again, resume it in " +
      "Settings, Webhooks.\n",
  });
}
