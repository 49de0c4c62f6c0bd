import { alias, arbitrationRequests, deals, eq, users } from "@market/db";
import { applyAction } from "../applications/lifecycle/apply-action";
import { throttle } from "../auth/rate-limit";
import type { Viewer } from "../auth/sessions";
import { notifyOtherParty } from "../chat/notify-other-party";
import { MailDeliveryError } from "../mail/mailer";
import type { ArbitrationCase } from "./arbitration-mail";
import { arbitrationMail } from "./arbitration-mail";
import type { HelpDeps } from "./help";
import { DEFAULT_SUPPORT_EMAIL } from "./help-mail";

const other = alias(users, "other_party");

/**
 * POST /api/applications/{id}/help (spec section 4: either party may request arbitration, in any status), as the
 * lifecycle table's arbitration action under the row lock: the request is stored with the application
 * (arbitration_requests), shown in the chat as a system line (a chat disabled by the DENIED rule included: the
 * line is the platform's, not a message) with the other party notified, then mailed to the support mailbox. Help questions and arbitration requests share one throttle, as both reach
 * a human mailbox. A failed delivery still answers success: the request is kept and the mail stays in
 * outgoing_mail with its error. Reasons: not_found (not a party), rate_limited.
 */
export async function requestArbitration(
  deps: HelpDeps,
  viewer: Viewer,
  input: { id: number; text: string },
): Promise<{ id: number }> {
  await throttle(deps, [["helpPerUser", String(viewer.userId)]]);
  const request = await applyAction(
    deps,
    viewer,
    input.id,
    "arbitration",
    async ({ tx, application, role, now, postMessage }) => {
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
        .innerJoin(users, eq(users.id, viewer.userId))
        .innerJoin(other, eq(other.id, otherId))
        .where(eq(deals.id, application.dealId));
      if (!row) throw new Error(`application ${application.id} has no deal or parties`);
      const [stored] = await tx
        .insert(arbitrationRequests)
        .values({ applicationId: application.id, userId: viewer.userId, text: input.text, createdAt: now })
        .returning({ id: arbitrationRequests.id });
      if (!stored) throw new Error("arbitration request not stored");
      await postMessage({});
      await notifyOtherParty(tx, application, role, { senderId: viewer.userId, at: now });
      const asked: ArbitrationCase = {
        requestId: stored.id,
        applicationId: application.id,
        dealTitle: row.dealTitle,
        asker: { role, username: row.askerName, email: row.askerEmail },
        other: { role: role === "brand" ? "influencer" : "brand", username: row.otherName, email: row.otherEmail },
        impersonatorId: viewer.impersonatorId,
      };
      return asked;
    },
  );
  try {
    await deps.mailer.send(arbitrationMail(deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL, request, input.text));
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
  }
  return { id: request.requestId };
}
