import type { ApplicationStatus, ReleaseCountdown } from "@market/contracts";
import { type Application, and, applications, arbitrationRequests, type Db, eq, isNull, type Tx } from "@market/db";
import type { Clock } from "../../clock";
import type { Mailer } from "../mail/mailer";
import { mailArbitration, storeArbitrationRequest } from "../support/arbitration-request";
import { type ActingUser, applyAction } from "./lifecycle/apply-action";
import { countdownView } from "./lifecycle/countdown";
import { releasedFields, releaseMoney } from "./release-money";

type Deps = { db: Db; clock: Clock };

/** What work done, work not done and release answer: where the application and its countdown stand now. */
export interface DeliveryResult {
  id: number;
  status: ApplicationStatus;
  moneyReleaseDate: Date | null;
  countdown: ReleaseCountdown | null;
}

/** The application as the action left it, read in its transaction. */
export async function deliveryResult(tx: Tx, id: number, now: Date): Promise<DeliveryResult> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id));
  if (!row) throw new Error(`application ${id} vanished`);
  return deliveryResultOf(row, now);
}

/** The answer for a row the action's last write returned (no read again). */
export function deliveryResultOf(row: Application, now: Date): DeliveryResult {
  return { id: row.id, status: row.status, moneyReleaseDate: row.moneyReleaseDate, countdown: countdownView(row, now) };
}

/**
 * POST /api/applications/{id}/done (spec section 4): the influencer marks the work done, in PROGRESS, when no
 * countdown runs (the first delivery, or again after the brand's contest). The brand's 10-day window starts over
 * (moneyReleaseDate = now + 10 days), or stays paused while a request for arbitration is open; the chat gets a
 * work_done line with the date and the brand is notified.
 */
export async function workDone(deps: Deps, influencer: ActingUser, input: { id: number }): Promise<DeliveryResult> {
  return applyAction(deps, influencer, input.id, "workDone", async ({ tx, application, now, postMessage }) => {
    // A new delivery answers the brand's contest: its request for arbitration is settled with it.
    await tx
      .update(arbitrationRequests)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(arbitrationRequests.applicationId, application.id),
          eq(arbitrationRequests.kind, "contest"),
          isNull(arbitrationRequests.resolvedAt),
        ),
      );
    const result = await deliveryResult(tx, application.id, now);
    // While paused by arbitration, the date the line gives is where a full window would end from now.
    const releaseDate =
      result.countdown?.state === "running"
        ? result.countdown.releaseDate
        : new Date(now.getTime() + (result.countdown?.remainingMs ?? 0));
    await postMessage({ payload: { type: "work_done", moneyReleaseDate: releaseDate.toISOString() } });
    return result;
  });
}

/** What the contest text says when the brand gives none. */
export const DEFAULT_CONTEST_TEXT = "The brand says the work is not done: the content is not published.";

/**
 * POST /api/applications/{id}/undone (spec section 4): the brand contests the work once it is marked done and
 * before its window ends. The countdown pauses with the time left (beyond the spec: the spec "stops" it), the chat
 * gets a work_not_done line, the influencer is notified, and the case goes to arbitration: a request of kind
 * contest is stored and mailed to support, as a party's request for arbitration is. The influencer answers by
 * delivering again (a full new window); an admin closes the case (the countdown resumes) or refunds.
 */
export async function workNotDone(
  deps: Deps & { mailer: Mailer; supportEmail?: string | undefined },
  brand: ActingUser,
  input: { id: number; text: string | null },
): Promise<DeliveryResult> {
  const text = input.text ?? DEFAULT_CONTEST_TEXT;
  const { result, stored } = await applyAction(
    deps,
    brand,
    input.id,
    "workNotDone",
    async ({ tx, application, role, now, postMessage }) => {
      await postMessage(input.text ? { text: input.text } : {});
      const stored = await storeArbitrationRequest(tx, { application, asker: brand, role, kind: "contest", text, now });
      return { result: await deliveryResult(tx, application.id, now), stored };
    },
  );
  await mailArbitration(deps, stored, text);
  return result;
}

/**
 * POST /api/applications/{id}/release (spec section 4): the brand releases the money, in PROGRESS, at any time
 * (before or after work done, a paused countdown included): COMPLETE, the ledger's release (escrow -B, influencer
 * +I, platform fees +(B - I)), releasedAt, a money_released line (not automatic), the influencer notified.
 */
export async function release(deps: Deps, brand: ActingUser, input: { id: number }): Promise<DeliveryResult> {
  return applyAction(
    deps,
    brand,
    input.id,
    "release",
    async (context) => {
      await releaseMoney(context, { automatic: false });
      return deliveryResultOf(context.updated, context.now);
    },
    releasedFields,
  );
}
