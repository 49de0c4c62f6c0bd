import { HOUR_MS, MINUTE_MS, SECOND_MS } from "@market/contracts";
import { passwordResetTokens } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { createBrand } from "../../testing";
import { RESET_TOKEN_TTL_MS } from "../auth/password-reset";
import { sweepSpentPasswordResetTokens } from "./password-reset-tokens";

const testDb = useTestDb();

const now = new Date("2026-04-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

/** A token row as requestPasswordReset writes it: valid for RESET_TOKEN_TTL_MS from its creation. */
function token(byte: number, userId: number, createdAt: Date, usedAt: Date | null = null) {
  return {
    tokenHash: new Uint8Array(32).fill(byte),
    userId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + RESET_TOKEN_TTL_MS),
    usedAt,
  };
}

describe("sweepSpentPasswordResetTokens", () => {
  it("deletes used tokens and those past their validity, keeping the ones that still work", async () => {
    expect(RESET_TOKEN_TTL_MS).toBe(HOUR_MS);
    const user = await createBrand(testDb.db);
    await testDb.db.insert(passwordResetTokens).values([
      token(1, user.id, ago(RESET_TOKEN_TTL_MS - 1)), // valid for one more millisecond
      token(2, user.id, ago(RESET_TOKEN_TTL_MS)), // expired right now
      token(3, user.id, ago(2 * RESET_TOKEN_TTL_MS)), // long expired
      token(4, user.id, ago(MINUTE_MS), ago(30 * SECOND_MS)), // fresh but used
      token(5, user.id, ago(10 * SECOND_MS)), // fresh
    ]);

    expect(await sweepSpentPasswordResetTokens(testDb.db, now)).toBe(3);
    const left = await testDb.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(left.map((row) => new Uint8Array(row.hash)[0]).sort()).toEqual([1, 5]);
    expect(await sweepSpentPasswordResetTokens(testDb.db, now)).toBe(0);
  });
});
