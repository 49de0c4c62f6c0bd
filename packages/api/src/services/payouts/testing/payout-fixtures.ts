import { type Db, eq, users } from "@market/db";
import type { Clock } from "../../../clock";
import { callerFor } from "../../../testing/caller";
import { createInfluencer } from "../../../testing/fixtures";
import { ledgerViolations } from "../../../testing/ledger-invariants";
import { hashPassword } from "../../auth/password";
import { ledgerAccount } from "../../ledger/accounts";
import { postLedgerTransaction } from "../../ledger/post";

export const PAYOUT_TEST_PASSWORD = "correct horse";
let passwordHash: Promise<string> | undefined;

/**
 * An influencer who can log in, with `cents` in their balance. The money comes from a made-up escrow account
 * (no application behind it), so the ledger checks of these tests are payoutViolations, which leave escrows out.
 */
export async function influencerWith(db: Db, clock: Clock, cents: number) {
  passwordHash ??= hashPassword(PAYOUT_TEST_PASSWORD);
  const user = await createInfluencer(db);
  await db
    .update(users)
    .set({ passwordHash: await passwordHash })
    .where(eq(users.id, user.id));
  if (cents > 0) {
    await db.transaction((tx) =>
      postLedgerTransaction(
        tx,
        { kind: "release" },
        { [ledgerAccount.escrow(1_000_000 + user.id)]: -cents, [ledgerAccount.influencer(user.id)]: cents },
      ),
    );
  }
  return { user, caller: await callerFor(db, { userId: user.id }, clock) };
}

/** money.md's invariants about balances and payouts (the escrows of influencerWith are left out). */
export async function payoutViolations(db: Db) {
  return (await ledgerViolations(db)).filter(
    (violation) =>
      ["balanced", "zero_sum", "payouts"].includes(violation.invariant) ||
      (violation.invariant === "not_negative" && !violation.subject.includes("escrow")),
  );
}

export const paypalPayout = (amountInCents: number) =>
  ({ method: "paypal", amountInCents, password: PAYOUT_TEST_PASSWORD, email: "me@example.com" }) as const;
