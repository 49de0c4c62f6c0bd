import type { ApplicationStatus, ReleaseCountdown, WorkDone, WorkNotDone } from "@market/contracts";
import { type Application, and, applications, arbitrationRequests, type Db, eq, isNull, type Tx } from "@market/db";
import type { Clock } from "../../clock";
import { checkDeliveryPosts } from "../deliveries/check-posts";
import { postVerifiersOf } from "../deliveries/post-verifiers";
import { recordContest, storeDelivery } from "../deliveries/store-delivery";
import type { Mailer } from "../mail/mailer";
import type { NetworkProviders } from "../networks/providers/ports";
import type { TokenCipher } from "../networks/token-cipher";
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
 * countdown runs (the first delivery, or again after the brand's contest), handing over the published posts' links
 * (one per hired network), files and a note (issue 37: storeDelivery; a refusal changes nothing). The brand's 10-day
 * window starts over (moneyReleaseDate = now + 10 days), or stays paused while a request for arbitration is open;
 * the chat gets a work_done line with the date and the brand is notified. Once committed, the posts are checked on
 * their networks (check-posts.ts): the answer waits for that (each look-up bounded), but a failed or slow check
 * never undoes the delivery; the sweep checks again what stayed pending or unavailable.
 */
export async function workDone(
  deps: Deps & { networkProviders: NetworkProviders; tokenCipher: TokenCipher },
  influencer: ActingUser,
  input: WorkDone,
): Promise<DeliveryResult> {
  const { result, deliveryId } = await applyAction(
    deps,
    influencer,
    input.id,
    "workDone",
    async ({ tx, application, now, postMessage }) => {
      const { deliveryId } = await storeDelivery(tx, application, influencer, input, now);
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
      return { result, deliveryId };
    },
  );
  await checkDeliveryPosts({ ...deps, postVerifiers: postVerifiersOf(deps.networkProviders) }, deliveryId);
  return result;
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
  input: Pick<WorkNotDone, "id" | "text"> & { networks?: WorkNotDone["networks"] },
): Promise<DeliveryResult> {
  const text = input.text ?? DEFAULT_CONTEST_TEXT;
  return applyAction(deps, brand, input.id, "workNotDone", async ({ tx, application, role, now, postMessage }) => {
    await postMessage(input.text ? { text: input.text } : {});
    const stored = await storeArbitrationRequest(tx, { application, asker: brand, role, kind: "contest", text, now });
    // Issue 37: the contest is the current delivery's, and names the posts the brand asks to change.
    await recordContest(tx, application.id, stored.requestId, input.networks ?? []);
    await mailArbitration(deps, tx, stored, text);
    return deliveryResult(tx, application.id, now);
  });
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
