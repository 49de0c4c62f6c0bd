import type { ApplicationRole } from "@market/contracts";
import { type Application, notifications, type Tx } from "@market/db";

/**
 * Tells the other party that something was written to the chat (spec section 3, Notification): the
 * notifications table, which the web reads and which live delivery will push later.
 */
export async function notifyOtherParty(
  tx: Tx,
  application: Application,
  writer: ApplicationRole,
  notice: { senderId: number; text?: string; fileId?: string; at: Date },
): Promise<void> {
  await tx.insert(notifications).values({
    userId: writer === "brand" ? application.influencerId : application.brandId,
    type: "message",
    applicationId: application.id,
    dealId: application.dealId,
    senderId: notice.senderId,
    text: notice.text ?? null,
    fileId: notice.fileId ?? null,
    createdAt: notice.at,
  });
}
