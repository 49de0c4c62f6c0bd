import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, rowsOf } from "../client";
import { PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "../errors";
import { createTestDb, type TestDb, truncateAll } from "../testing";
import {
  influencerProfiles,
  ledgerEntries,
  ledgerTransactions,
  type NewUser,
  networks,
  sessions,
  users,
} from "./index";

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
}, 180_000);
afterAll(() => testDb.close());
beforeEach(() => truncateAll(db));

const influencer = (username: string): NewUser => ({
  kind: "influencer",
  username,
  email: `${username.toLowerCase()}@example.test`,
  passwordHash: "argon2id$placeholder",
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "expected the statement to fail").toBeDefined();
  return pgErrorOf(error);
}

describe("users", () => {
  it("round-trips a user with an influencer profile and a network", async () => {
    const [user] = await db.insert(users).values(influencer("Alice")).returning();
    if (!user) throw new Error("no user");
    expect(String(user.id).length).toBeLessThanOrEqual(10);
    expect(user.createdAt).toBeInstanceOf(Date);

    await db.insert(influencerProfiles).values({
      userId: user.id,
      category: "beauty",
      city: "Lyon",
      country: "fr",
      gender: "female",
      audienceMales: 30,
      audienceAgeMin: 18,
      audienceAgeMax: 30,
      audienceInterests: ["makeup"],
      totalReach: 12_345_678_901,
      maxEngagement: 2.35,
      networkTypes: ["instagram", "youtube"],
      engagementLevels: ["medium"],
      searchText: "alice lyon fr",
    });
    await db.insert(networks).values({
      userId: user.id,
      type: "instagram",
      title: "alice",
      identifier: "1789",
      followers: 52_000,
      engagement: 2.35,
      rating: 4,
      sizeClass: "medium",
      isVerified: true,
    });

    const found = await db.query.users.findFirst({
      where: eq(users.id, user.id),
      with: { influencerProfile: true, networks: true },
    });
    expect(found?.influencerProfile).toMatchObject({
      category: "beauty",
      totalReach: 12_345_678_901,
      maxEngagement: 2.35,
      networkTypes: ["instagram", "youtube"],
      audienceInterests: ["makeup"],
      maybeFake: false,
    });
    expect(found?.networks).toHaveLength(1);
    expect(found?.networks[0]).toMatchObject({ type: "instagram", followers: 52_000, posts: null, isVerified: true });

    const [match] = await db
      .select({ id: influencerProfiles.userId })
      .from(influencerProfiles)
      .where(sql`${influencerProfiles.networkTypes} && array['youtube']::text[]`);
    expect(match?.id).toBe(user.id);
  });

  it("rejects a username or email that differs only by case", async () => {
    await db.insert(users).values(influencer("Alice"));
    const byName = await failure(db.insert(users).values({ ...influencer("aLICE"), email: "other@example.test" }));
    expect(byName).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: "users_username_lower_key" });
    const byEmail = await failure(db.insert(users).values({ ...influencer("bob"), email: "ALICE@example.test" }));
    expect(byEmail).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: "users_email_lower_key" });
  });

  it("enforces enumerations from contracts", async () => {
    const bad = await failure(db.insert(users).values({ ...influencer("eve"), kind: "visitor" as "brand" }));
    expect(bad).toMatchObject({ code: PG_CHECK_VIOLATION, constraint: "users_kind_check" });
  });

  it("stores session secret hashes as bytes", async () => {
    const [user] = await db.insert(users).values(influencer("carol")).returning();
    if (!user) throw new Error("no user");
    const secretHash = new Uint8Array(createHash("sha256").update("secret").digest());
    await db.insert(sessions).values({ id: "sid", secretHash, userId: user.id, expiresAt: new Date(Date.now() + 1e6) });
    const [session] = await db.select().from(sessions).where(eq(sessions.id, "sid"));
    expect(Buffer.from(session?.secretHash ?? []).equals(Buffer.from(secretHash))).toBe(true);
  });
});

describe("ledger", () => {
  async function transaction(amounts: number[]) {
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(ledgerTransactions).values({ kind: "payout_request" }).returning();
      if (!row) throw new Error("no transaction");
      for (const [index, amountCents] of amounts.entries()) {
        const account = index === 0 ? "influencer:1" : "payouts:pending";
        await tx.insert(ledgerEntries).values({ transactionId: row.id, account, amountCents });
      }
    });
  }

  it("accepts a balanced transaction written entry by entry", async () => {
    await transaction([-2_500, 2_500]);
    const [total] = await db
      .select({ sum: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number) })
      .from(ledgerEntries);
    expect(total?.sum).toBe(0);
  });

  it("rejects an unbalanced transaction at commit", async () => {
    const error = await failure(transaction([-2_500, 2_000]));
    expect(error).toMatchObject({ code: PG_CHECK_VIOLATION });
    expect(await db.$count(ledgerEntries)).toBe(0);
  });

  it("rejects zero amounts and unknown accounts", async () => {
    expect(await failure(transaction([0]))).toMatchObject({ constraint: "ledger_entries_amount_check" });
    const [row] = await db.insert(ledgerTransactions).values({ kind: "payment" }).returning();
    const typo = db.insert(ledgerEntries).values({ transactionId: row?.id ?? 0, account: "escrow:x", amountCents: 1 });
    expect(await failure(typo)).toMatchObject({ constraint: "ledger_entries_account_check" });
  });
});

describe("indexes", () => {
  // A delete or key update on the referenced table looks up the referencing rows; without an index leading with the
  // foreign key's columns that is a scan of the whole referencing table per row (the image sweep deletes files by
  // the hundred; removing a network touches every proposal).
  it("has an index leading with the columns of every foreign key", async () => {
    const unindexed = await db.execute(sql`
      select c.conname as name from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1]::int2[] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1]::int2[] <@ c.conkey)
      order by 1`);
    expect(rowsOf<{ name: string }>(unindexed).map((row) => row.name)).toEqual([]);
  });
});
