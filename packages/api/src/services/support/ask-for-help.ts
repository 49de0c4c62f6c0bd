import type { AskForHelpInput } from "@market/contracts";
import { type Db, eq, helpRequests, users } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { throttle } from "../auth/rate-limit";
import type { Mailer } from "../mail/mailer";
import { DEFAULT_SUPPORT_EMAIL, helpQuestionMail } from "./help-mail";

export interface AskForHelpDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The support mailbox (SUPPORT_EMAIL); DEFAULT_SUPPORT_EMAIL when absent. */
  supportEmail?: string | undefined;
  rateLimitScale?: number | undefined;
}

/**
 * A question of the help form (spec section 2: help, help center): stored, with its mail to the support mailbox
 * queued in the same transaction. A failed delivery never fails the question: the mail job retries it, and the
 * mail stays in outgoing_mail with its error, so asking twice would only duplicate it.
 */
export async function askForHelp(deps: AskForHelpDeps, viewer: Viewer, input: AskForHelpInput): Promise<void> {
  await throttle(deps, [["helpPerUser", String(viewer.userId)]]);
  const [asker] = await deps.db
    .select({ id: users.id, kind: users.kind, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.userId));
  if (!asker) throw new Error(`the signed-in user ${viewer.userId} does not exist`);
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(helpRequests)
      .values({ userId: asker.id, text: input.text, createdAt: deps.clock.now() })
      .returning({ id: helpRequests.id });
    if (!request) throw new Error("help request not stored");
    const mail = helpQuestionMail(deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL, asker, input.text, request.id);
    await deps.mailer.queue(tx, mail);
  });
}
