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
import { MailDeliveryError, type Mailer } from "../mail/mailer";
import { type ArbitrationCase, arbitrationMail } from "./arbitration-mail";
import { DEFAULT_SUPPORT_EMAIL } from "./help-mail";

const other = alias(users, "other_party");

/**
 * Stores a request for arbitration on the application (arbitration_requests), in the transaction of the lifecycle
 * action that opens it: a party's request for help, or the brand's contest of the work. Answers the case as the
 * support mail tells it, to be mailed once the transaction has committed (mailArbitration).
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
 * Mails a stored request to the support mailbox. A failed delivery is not the asker's failure: the request is kept
 * and the mail stays in outgoing_mail with its error.
 */
export async function mailArbitration(
  deps: { mailer: Mailer; supportEmail?: string | undefined },
  stored: ArbitrationCase,
  text: string,
): Promise<void> {
  try {
    await deps.mailer.send(arbitrationMail(deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL, stored, text));
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
  }
}
