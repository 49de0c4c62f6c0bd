import { hireMoneyOf } from "../ledger/hire-money";
import { MOVEMENT_KIND, movementEntries } from "../ledger/movements";
import { postLedgerTransaction } from "../ledger/post";
import type { ActionContext, ActionFields } from "./lifecycle/apply-action";
import type { ActorRole } from "./lifecycle/transitions";

/** What a release sets on the application, in the lifecycle runner's update of it (pass it as its `fields`). */
export const releasedFields: ActionFields = (now) => ({ releasedAt: now });

/**
 * The writes of a release, by the brand or the sweep, in the transaction that makes the application COMPLETE
 * (with releasedFields): money.md's release (escrow -B, influencer +I, platform fees +(B - I)) keyed by the
 * application, so that no path can release one hire twice, and the money_released line, automatic or not.
 */
export async function releaseMoney(
  { tx, application, updated, transition, postMessage }: ActionContext<ActorRole>,
  { automatic }: { automatic: boolean },
): Promise<void> {
  const movement = transition.writes.ledger;
  if (movement !== "release") throw new Error(`the lifecycle table names no release for ${transition.to}`);
  if (!updated.releasedAt) throw new Error("a release runs with releasedFields");
  const hire = await hireMoneyOf(tx, application);
  // Independent writes of one transaction, sent together (one round trip); any failure rolls them all back.
  await Promise.all([
    postLedgerTransaction(
      tx,
      { kind: MOVEMENT_KIND.release, applicationId: application.id, idempotencyKey: `release:${application.id}` },
      movementEntries(movement, hire),
    ),
    postMessage({ payload: { type: "money_released", automatic } }),
  ]);
}
