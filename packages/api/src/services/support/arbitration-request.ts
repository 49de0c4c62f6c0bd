import type { ApplicationRole } from "@market/contracts";
import {
  type Application,
  type ArbitrationKind,
  alias,
  arbitrationRequests,
  deals,
  eq,
  type Tx,
  users,
} from "@market/db";
import type { ActingUser } from "../applications/parties";
import type { Mailer } from "../mail/mailer";
import { type ArbitrationCase, arbitrationMail } from "./arbitration-mail";
import { DEFAULT_SUPPORT_EMAIL } from "./help-mail";

const other = alias(users, "other_party");

/**
 * Stores a request for arbitration on the application (arbitration_requests), in the transaction of the lifecycle
 * action that opens it: a party's request for help, or the brand's contest of the work. Answers the case as the
 * support mail tells it, for mailArbitration in the same transaction.
 */
export async function storeArbitrationRequest(
  tx: Tx,
  request: {
    application: Application;
    asker: ActingUser;
    role: ApplicationRole;
    kind: ArbitrationKind;
    text: string;
    now: Date;
  },
): Promise<ArbitrationCase> {
  const { application, asker, role } = request;
  const otherId = role === "brand" ? application.influencerId : application.brandId;
  const [row] = await tx
    .select({
      dealTitle: deals.title,
      askerName: users.username,
      askerEmail: users.email,
      otherName: other.username,
      otherEmail: other.email,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, asker.userId))
    .innerJoin(other, eq(other.id, otherId))
    .where(eq(deals.id, application.dealId));
  if (!row) throw new Error(`application ${application.id} has no deal or parties`);
  const [stored] = await tx
    .insert(arbitrationRequests)
    .values({
      applicationId: application.id,
      userId: asker.userId,
      kind: request.kind,
      text: request.text,
      createdAt: request.now,
    })
    .returning({ id: arbitrationRequests.id });
  if (!stored) throw new Error("arbitration request not stored");
  return {
    requestId: stored.id,
    applicationId: application.id,
    dealTitle: row.dealTitle,
    asker: { role, username: row.askerName, email: row.askerEmail },
    other: { role: role === "brand" ? "influencer" : "brand", username: row.otherName, email: row.otherEmail },
    impersonatorId: asker.impersonatorId,
  };
}

/**
 * Queues a stored request's mail to the support mailbox in the request's transaction: sent by the mail job once it
 * commits. A failed delivery is not the asker's failure: it is retried, and stays in outgoing_mail with its error.
 */
export async function mailArbitration(
  deps: { mailer: Mailer; supportEmail?: string | undefined },
  tx: Tx,
  stored: ArbitrationCase,
  text: string,
): Promise<void> {
  await deps.mailer.queue(tx, arbitrationMail(deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL, stored, text));
}
