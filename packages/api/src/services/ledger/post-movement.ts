import type { Application, Tx } from "@market/db";
import { hireMoneyOf } from "./hire-money";
import { type HireMoney, type LedgerMovement, MOVEMENT_KIND, movementEntries, movementKey } from "./movements";
import { postLedgerTransaction } from "./post";

/**
 * Posts a movement of the lifecycle table for one hire, in the transaction of its transition: the figures read from
 * the application as the transition left it (B and the fees on the row, the hired networks' prices), money.md's
 * entries, and the key that makes a second post of the same movement fail. The lifecycle runner is its one caller.
 */
export async function postMovement(tx: Tx, movement: LedgerMovement, application: Application): Promise<HireMoney> {
  const hire = await hireMoneyOf(tx, application, movement === "brandPays" ? "empty" : "paid");
  await postLedgerTransaction(
    tx,
    {
      kind: MOVEMENT_KIND[movement],
      applicationId: application.id,
      idempotencyKey: movementKey(movement, application.id),
    },
    movementEntries(movement, hire),
  );
  return hire;
}
