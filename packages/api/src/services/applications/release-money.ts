import { applications, eq } from "@market/db";
import { hireMoneyOf } from "../ledger/hire-money";
import { MOVEMENT_KIND, movementEntries } from "../ledger/movements";
import { postLedgerTransaction } from "../ledger/post";
import type { ActionContext } from "./lifecycle/apply-action";
import type { ActorRole } from "./lifecycle/transitions";

/**
 * The writes of a release, by the brand or the sweep, in the transaction that makes the application COMPLETE:
 * money.md's release (escrow -B, influencer +I, platform fees +(B - I)) keyed by the application, so that no
 * path can release one hire twice; releasedAt; the money_released line, automatic or not.
 */
export async function releaseMoney(
  { tx, application, transition, now, postMessage }: ActionContext<ActorRole>,
  { automatic }: { automatic: boolean },
): Promise<void> {
  const movement = transition.writes.ledger;
  if (movement !== "release") throw new Error(`the lifecycle table names no release for ${transition.to}`);
  const hire = await hireMoneyOf(tx, application);
  await postLedgerTransaction(
    tx,
    { kind: MOVEMENT_KIND.release, applicationId: application.id, idempotencyKey: `release:${application.id}` },
    movementEntries(movement, hire),
  );
  await tx.update(applications).set({ releasedAt: now, updatedAt: now }).where(eq(applications.id, application.id));
  await postMessage({ payload: { type: "money_released", automatic } });
}
