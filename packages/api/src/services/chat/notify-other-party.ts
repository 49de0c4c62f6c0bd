import type { ApplicationRole } from "@market/contracts";
import type { Application, Tx } from "@market/db";
import { notify, type WebhookJobs } from "../notifications/notify";

/**
 * Tells the other party that something was written to the chat (spec section 3, Notification): the
 * notifications table, pushed live to the other party by notify().
 */
export async function notifyOtherParty(
  tx: Tx,
  application: Application,
  writer: ApplicationRole,
  notice: { senderId: number; text?: string; fileId?: string; at: Date },
  webhookJobs?: WebhookJobs,
): Promise<void> {
  await notify(
    tx,
    [
      {
        userId: writer === "brand" ? application.influencerId : application.brandId,
        type: "message",
        applicationId: application.id,
        dealId: application.dealId,
        senderId: notice.senderId,
        text: notice.text ?? null,
        fileId: notice.fileId ?? null,
        createdAt: notice.at,
      },
    ],
    { webhookJobs },
  );
}
