import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../client";
import { users } from "../schema";
import { createTestDb, testDatabaseUrl, truncateAll } from "./index";

const engine = testDatabaseUrl ? "postgres" : "pglite";

describe(`createTestDb (${engine})`, () => {
  it("gives isolated, migrated databases", async () => {
    const [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    try {
      expect(a.handle.kind).toBe(engine);
      await a.db.insert(users).values({ kind: "brand", username: "acme", email: "a@acme.test", passwordHash: "x" });
      expect(await a.db.$count(users)).toBe(1);
      expect(await b.db.$count(users)).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 180_000);

  it("truncateAll empties tables and restarts identities", async () => {
    const { db, close } = await createTestDb();
    try {
      const values = { kind: "brand" as const, username: "acme", email: "a@acme.test", passwordHash: "x" };
      await db.insert(users).values(values);
      await truncateAll(db);
      expect(await db.$count(users)).toBe(0);
      const [again] = await db.insert(users).values(values).returning({ id: users.id });
      expect(again?.id).toBe(1);
    } finally {
      await close();
    }
  }, 180_000);

  it.runIf(engine === "postgres")(
    "drops the database on close",
    async () => {
      const { db, close } = await createTestDb();
      const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
      await close();
      const { db: other, close: closeOther } = await createTestDb();
      try {
        const left = rowsOf<{ n: number }>(
          await other.execute(sql`select count(*)::int as n from pg_database where datname = ${row?.name}`),
        );
        expect(left[0]?.n).toBe(0);
      } finally {
        await closeOther();
      }
    },
    180_000,
  );
});
