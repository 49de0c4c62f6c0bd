import type { ApplicationAction } from "@market/contracts";
import {
  type Application,
  applications,
  type ChatMessagePayload,
  chatMessages,
  type Db,
  eq,
  type InferInsertModel,
  sql,
  type Tx,
} from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { postMovement } from "../../ledger/post-movement";
import { notify, type WebhookJobs } from "../../notifications/notify";
import { type ActingUser, applicationOfParty } from "../parties";
import { countdownAfter, remindersAfter } from "./countdown";
import {
  type ActorRole,
  type ClockEffects,
  type Decision,
  decide,
  type PartyRole,
  type Recipient,
  type Transition,
} from "./transitions";

export type { ActingUser };

/** What an action's own writes get: the locked row as it was, the transition taken, and the table's helpers. */
export interface ActionContext<Role extends ActorRole = PartyRole> {
  tx: Tx;
  /** The row as read under the lock, before the runner's writes. */
  application: Application;
  /** The row as the runner's update left it (the status, the countdown and the action's `fields`). */
  updated: Application;
  transition: Transition;
  role: Role;
  now: Date;
  /** Posts the chat message the table names for this action, as the acting user (or as the platform). */
  postMessage(fields: { payload?: ChatMessagePayload; text?: string }): Promise<void>;
  /**
   * Sets the proposal's expiry to the instant the user chose, for an action whose transition declares it
   * (`writes.clocks.expiry`); any other action that tries throws.
   */
  setExpiry(expiration: Date): Promise<void>;
}

/**
 * Columns an action writes on the application besides the table's, known before its own writes run: set in the
 * runner's update of the row (one statement, one new row version) rather than in a second update.
 */
export type ActionFields = (now: Date) => Partial<InferInsertModel<typeof applications>>;

/** The party a notification goes to, as a user id; `actor` is who acted, whose other party "otherParty" names. */
export function recipientOf(
  application: Pick<Application, "brandId" | "influencerId">,
  to: Recipient,
  actor: ActorRole,
): number {
  if (to === "otherParty" && actor === "system") throw new Error("the system has no other party to tell");
  const party = to !== "otherParty" ? to : actor === "brand" ? "influencer" : "brand";
  return party === "brand" ? application.brandId : application.influencerId;
}

/**
 * The row's fields after the clock effects the table names: the release countdown and its reminders. The expiry's
 * instant is the user's (the influencer's new expiration): the action sets it through its context's setExpiry.
 */
function clockFields(clocks: ClockEffects | undefined, application: Application, now: Date) {
  return {
    ...(clocks?.release ? countdownAfter(clocks.release, application, now) : {}),
    ...(clocks?.releaseReminders ? remindersAfter(clocks.releaseReminders) : {}),
  };
}

/** Who takes a transition: a user (an admin maybe acting as them) with their side, or the system (a sweep). */
export type Taker<Role extends ActorRole> = {
  role: Role;
  /** null for the system. */
  userId: Role extends "system" ? null : number;
  impersonatorId: number | null;
};

/**
 * The lifecycle table's answer for `taker` on a row read under its lock, and, when allowed, the table's writes in
 * the caller's transaction: the status (against the status the table read: an action that keeps a lapsed proposal
 * as it reads, DENIED, must not write DENIED without EXPIRED over the stored WAITING; the sweep writes it), the
 * clocks' fields (the table's `writes.clocks`) and the action's `fields` in one update, the action's own writes
 * (`write`), then the table's ledger movement (money.md's entries for the hire as the row now reads, under the
 * movement's one key) and its notifications: no action posts money by hand. Refusals are returned, not thrown, so
 * that a sweep can leave a row a party changed meanwhile.
 */
export async function runTransition<T, Role extends ActorRole>(
  tx: Tx,
  application: Application,
  taker: Taker<Role>,
  action: ApplicationAction,
  now: Date,
  write: (context: ActionContext<Role>) => Promise<T>,
  fields?: ActionFields,
  webhookJobs?: WebhookJobs,
): Promise<{ ok: true; result: T } | Extract<Decision, { ok: false }>> {
  const decision = decide(application, action, { role: taker.role, impersonating: taker.impersonatorId !== null }, now);
  if (!decision.ok) return decision;
  const { transition, from } = decision;
  const { writes } = transition;

  const statusChanges = transition.to !== from;
  const clocks = clockFields(writes.clocks, application, now);
  const release = writes.clocks?.release;
  // Delivering, contesting and closing a case are news on the application (its last update); a request for
  // arbitration is not, as before the countdown existed.
  const touches = statusChanges || (release !== undefined && release !== "pauseForArbitration");
  const [updated] =
    statusChanges || Object.keys(clocks).length > 0 || fields
      ? await tx
          .update(applications)
          .set({
            ...(statusChanges ? { status: transition.to } : {}),
            // Kept as it was otherwise: without a value the column's $onUpdate would write the wall clock.
            updatedAt: touches ? now : sql`${applications.updatedAt}`,
            ...(writes.deniedReason ? { deniedReason: writes.deniedReason } : {}),
            ...clocks,
            ...fields?.(now),
          })
          .where(eq(applications.id, application.id))
          .returning()
      : [application];
  const postMessage: ActionContext["postMessage"] = async ({ payload, text }) => {
    if (!writes.chat || (payload && payload.type !== writes.chat)) {
      throw new Error(`the lifecycle table names no such chat message for ${action}`);
    }
    await tx.insert(chatMessages).values({
      applicationId: application.id,
      senderId: writes.chatByPlatform ? null : taker.userId,
      impersonatorId: taker.impersonatorId,
      type: writes.chat,
      text: text ?? null,
      payload: payload ?? null,
      createdAt: now,
    });
  };
  const setExpiry: ActionContext["setExpiry"] = async (expiration) => {
    if (writes.clocks?.expiry !== "set") throw new Error(`the lifecycle table sets no expiry for ${action}`);
    await tx.update(applications).set({ expiration, updatedAt: now }).where(eq(applications.id, application.id));
  };
  if (!updated) throw new Error(`application ${application.id} vanished`);
  const result = await write({ tx, application, updated, transition, role: taker.role, now, postMessage, setExpiry });
  if (writes.ledger) await postMovement(tx, writes.ledger, updated);
  if (writes.notify) {
    const { type, to } = writes.notify;
    await notify(
      tx,
      to.map((recipient) => ({
        userId: recipientOf(application, recipient, taker.role),
        type,
        applicationId: application.id,
        dealId: application.dealId,
        senderId: writes.chatByPlatform ? null : taker.userId,
        createdAt: now,
      })),
      { webhookJobs },
    );
  }
  return { ok: true, result };
}

/**
 * Runs one party's action on an application: in one transaction, locks the row (FOR UPDATE, so two tabs or two
 * instances acting at once take turns and the second sees the first's result), answers not_found to anyone who
 * is not a party, then runTransition at the effective status. A refusal rolls everything back.
 */
export async function applyAction<T>(
  deps: { db: Db; clock: Clock; webhookJobs?: WebhookJobs | undefined },
  actor: ActingUser,
  applicationId: number,
  action: ApplicationAction,
  write: (context: ActionContext) => Promise<T>,
  fields?: ActionFields,
): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await applicationOfParty(tx, actor, applicationId, "update");
    const taker = { role, userId: actor.userId, impersonatorId: actor.impersonatorId };
    const outcome = await runTransition(tx, application, taker, action, now, write, fields, deps.webhookJobs);
    if (!outcome.ok) fail(outcome.reason, outcome.message);
    return outcome.result;
  });
}
