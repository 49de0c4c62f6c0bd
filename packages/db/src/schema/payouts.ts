import { PAYOUT_METHODS, PAYOUT_STATUSES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { oneOf, tstz, updatedAt } from "./helpers";
import { users } from "./users";

/** Withdrawals requested by influencers; shown as processing until release_date is set. */
export const payouts = pgTable(
  "payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    email: text("email").notNull(),
    /** Required for transferwise only. */
    accountOwnerName: text("account_owner_name"),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("processing"),
    requestedAt: tstz("requested_at").notNull().defaultNow(),
    releaseDate: tstz("release_date"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payouts_user_requested_idx").on(t.userId, t.requestedAt),
    index("payouts_status_idx").on(t.status, t.requestedAt),
    check("payouts_method_check", oneOf(t.method, PAYOUT_METHODS)),
    check("payouts_status_check", oneOf(t.status, PAYOUT_STATUSES)),
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    check(
      "payouts_account_owner_check",
      sql`${t.method} <> 'transferwise' or coalesce(btrim(${t.accountOwnerName}), '') <> ''`,
    ),
  ],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
