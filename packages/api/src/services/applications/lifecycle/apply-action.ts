import type { ApplicationAction, Reason } from "@market/contracts";
import {
  type Application,
  applications,
  type ChatMessagePayload,
  chatMessages,
  type Db,
  eq,
  notifications,
  type Tx,
} from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { type ActingUser, applicationOfParty } from "../parties";
import { decide, type PartyRole, type Recipient, releaseDateFrom, type Transition } from "./transitions";

export type { ActingUser };

/** What an action's own writes get: the locked row as it was, the transition taken, and the table's helpers. */
export interface ActionContext {
  tx: Tx;
  /** The row as read under the lock, before the runner's status change. */
  application: Application;
  transition: Transition;
  role: PartyRole;
  now: Date;
  /** Posts the chat message the table names for this action, as the acting user. */
  postMessage(fields: { payload?: ChatMessagePayload; text?: string }): Promise<void>;
}

/** The party a notification goes to, as a user id. */
export const recipientOf = (application: Pick<Application, "brandId" | "influencerId">, to: Recipient) =>
  to === "brand" ? application.brandId : application.influencerId;

const CODE_OF: Partial<Record<Reason, "FORBIDDEN" | "CONFLICT">> = { forbidden: "FORBIDDEN", conflict: "CONFLICT" };

/**
 * Runs one party's action on an application: in one transaction, locks the row (FOR UPDATE, so two tabs or two
 * instances acting at once take turns and the second sees the first's result), answers not_found to anyone who
 * is not a party, consults the lifecycle table at the effective status, writes the status the table names, then
 * the action's own writes (`write`), then the table's notification. A refusal rolls everything back.
 */
export async function applyAction<T>(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  applicationId: number,
  action: ApplicationAction,
  write: (context: ActionContext) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await applicationOfParty(tx, actor, applicationId, "update");
    const decision = decide(application, action, { role, impersonating: actor.impersonatorId !== null }, now);
    if (!decision.ok) fail(CODE_OF[decision.reason] ?? "BAD_REQUEST", decision.reason, decision.message);
    const { transition, from } = decision;
    const { writes } = transition;

    // Against the status the table read (the effective one): an action that keeps a lapsed proposal as it reads,
    // DENIED (arbitration), must not write DENIED without EXPIRED over the stored WAITING; the sweep writes it.
    if (transition.to !== from || writes.moneyReleaseDate) {
      await tx
        .update(applications)
        .set({
          status: transition.to,
          updatedAt: now,
          ...(writes.deniedReason ? { deniedReason: writes.deniedReason } : {}),
          ...(writes.moneyReleaseDate === "startWindow" ? { moneyReleaseDate: releaseDateFrom(now) } : {}),
          ...(writes.moneyReleaseDate === "clear" ? { moneyReleaseDate: null } : {}),
        })
        .where(eq(applications.id, application.id));
    }
    const postMessage: ActionContext["postMessage"] = async ({ payload, text }) => {
      if (!writes.chat || (payload && payload.type !== writes.chat)) {
        throw new Error(`the lifecycle table names no such chat message for ${action}`);
      }
      await tx.insert(chatMessages).values({
        applicationId: application.id,
        senderId: actor.userId,
        impersonatorId: actor.impersonatorId,
        type: writes.chat,
        text: text ?? null,
        payload: payload ?? null,
        createdAt: now,
      });
    };
    const result = await write({ tx, application, transition, role, now, postMessage });
    if (writes.notify) {
      await tx.insert(notifications).values({
        userId: recipientOf(application, writes.notify.to),
        type: writes.notify.type,
        applicationId: application.id,
        dealId: application.dealId,
        senderId: actor.userId,
        createdAt: now,
      });
    }
    return result;
  });
}
