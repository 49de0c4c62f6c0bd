import type { Db } from "@market/db";
import { ledgerAccount } from "./accounts";
import { accountBalance } from "./balance";

/** What an influencer can withdraw, in cents: their ledger account (money.md, GET /api/balance). */
export function influencerBalanceCents(db: Db, influencerId: number): Promise<number> {
  return accountBalance(db, ledgerAccount.influencer(influencerId));
}
