import type { ActionContext, ActionFields } from "./lifecycle/apply-action";
import type { ActorRole } from "./lifecycle/transitions";

/** What a release sets on the application, in the lifecycle runner's update of it (pass it as its `fields`). */
export const releasedFields: ActionFields = (now) => ({ releasedAt: now });

/**
 * The writes of a release, by the brand or the sweep, in the transaction that makes the application COMPLETE
 * (with releasedFields): the money_released line, automatic or not. The money itself is the table's: its release
 * movement (escrow -B, influencer +I, platform fees +(B - I)), which the runner posts under the application's one
 * release key, so that no path can release one hire twice.
 */
export async function releaseMoney(
  { updated, transition, postMessage }: ActionContext<ActorRole>,
  { automatic }: { automatic: boolean },
): Promise<void> {
  const movement = transition.writes.ledger;
  if (movement !== "release") throw new Error(`the lifecycle table names no release for ${transition.to}`);
  if (!updated.releasedAt) throw new Error("a release runs with releasedFields");
  await postMessage({ payload: { type: "money_released", automatic } });
}
