import { type Db, ledgerEntries, ledgerTransactions } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";
import { reasonOf } from "../../trpc-errors";
import { ledgerAccount } from "./accounts";

const testDb = useTestDb();

/** One balanced ledger transaction, written the way the money services write them. */
async function post(db: Db, kind: "release" | "payout_request", entries: Record<string, number>) {
  await db.transaction(async (tx) => {
    const [transaction] = await tx.insert(ledgerTransactions).values({ kind }).returning();
    if (!transaction) throw new Error("no transaction");
    await tx.insert(ledgerEntries).values(
      Object.entries(entries).map(([account, amountCents]) => ({
        transactionId: transaction.id,
        account,
        amountCents,
      })),
    );
  });
}

async function reasonFrom(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return reasonOf(error);
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("account.balance", () => {
  it("answers the influencer's ledger account: releases credit it, payout requests debit it", async () => {
    const influencer = await createInfluencer(testDb.db);
    const other = await createInfluencer(testDb.db);
    const caller = await callerFor(testDb.db, { userId: influencer.id });
    expect(await caller.account.balance()).toEqual({ balanceCents: 0 });

    // A $110 hire paid by the brand (escrow), released: $90 to the influencer (10 % fee), $20 to the platform.
    await post(testDb.db, "release", {
      [ledgerAccount.escrow(1)]: -11_000,
      [ledgerAccount.influencer(influencer.id)]: 9_000,
      [ledgerAccount.platformFees]: 2_000,
    });
    await post(testDb.db, "release", {
      [ledgerAccount.escrow(2)]: -5_550,
      [ledgerAccount.influencer(other.id)]: 5_000,
      [ledgerAccount.platformFees]: 550,
    });
    await post(testDb.db, "payout_request", {
      [ledgerAccount.influencer(influencer.id)]: -2_075,
      [ledgerAccount.payoutsPending]: 2_075,
    });

    expect(await caller.account.balance()).toEqual({ balanceCents: 6_925 });
    expect((await caller.account.me()).user?.balanceCents).toBe(6_925);
  });

  it("refuses brands (forbidden) and visitors (unauthorized)", async () => {
    const brand = await callerFor(testDb.db, { userId: (await createBrand(testDb.db)).id });
    expect(await reasonFrom(brand.account.balance())).toBe("forbidden");
    expect(await reasonFrom((await callerFor(testDb.db)).account.balance())).toBe("unauthorized");
  });
});
