import { applications, chatMessages, type Db, deals, eq, sql } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createBrand, createInfluencer, untilWaitingForLocks } from "../../testing";

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const onPostgres = Boolean(testDatabaseUrl);

/** A WAITING application with its proposal as the chat's only message, and a caller for each party. */
async function application() {
  const brand = await createBrand(db);
  const influencer = await createInfluencer(db);
  const [deal] = await db
    .insert(deals)
    .values({
      userId: brand.id,
      title: "Race",
      link: "https://acme.example",
      category: "sports",
      price: "p100_250",
      description: "Race",
      networks: ["instagram"],
      deadline: new Date("2026-07-01T23:59:00Z"),
    })
    .returning();
  const [row] = await db
    .insert(applications)
    .values({
      dealId: deal?.id ?? 0,
      influencerId: influencer.id,
      brandId: brand.id,
      text: "Hello",
      expiration: new Date("2026-06-20T23:59:00Z"),
    })
    .returning();
  const id = row?.id ?? 0;
  await db.insert(chatMessages).values({ applicationId: id, senderId: influencer.id, type: "text", text: "Hello" });
  return {
    id,
    brand: await callerFor(db, { userId: brand.id }, clock),
    influencer: await callerFor(db, { userId: influencer.id }, clock),
  };
}

const messageCount = async (id: number) =>
  (await db.select().from(chatMessages).where(eq(chatMessages.applicationId, id))).length;

describe("the chat under concurrent writes", () => {
  it("takes every message of both parties sent at once, in one chat without gaps", async () => {
    const { id, brand, influencer } = await application();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? brand : influencer).chat.send({ id, text: `message ${i}` })),
    );
    expect(await messageCount(id)).toBe(11);
    const page = await brand.chat.page({ id });
    expect(new Set(page.messages.map((message) => message.id)).size).toBe(11);
  });

  // Two connections at once: PGlite has one, so these run on PostgreSQL (CI).
  it.runIf(onPostgres)("makes a message wait for a decline under way, then refuses it as the chat closed", async () => {
    const { id, influencer } = await application();
    const sent = await db.transaction(async (tx) => {
      // A decline holds the row for update while it writes DENIED, as the lifecycle runner does.
      await tx.execute(sql`select id from ${applications} where ${applications.id} = ${id} for update`);
      await tx.update(applications).set({ status: "DENIED", deniedReason: "NO_REASON" }).where(eq(applications.id, id));
      const send = callFailure(influencer.chat.send({ id, text: "Are you sure?" }));
      await untilWaitingForLocks(db);
      // Not awaited here: the message can only go on once this transaction ends.
      return { send };
    });
    expect(await sent.send).toMatchObject({ code: "CONFLICT", reason: "chat_disabled" });
    expect(await messageCount(id)).toBe(1);
  });

  it.runIf(onPostgres)("makes a second message of one chat wait for the first, then takes both", async () => {
    const { id, brand } = await application();
    // A message under way holds the row for no key update (its notification may refresh the row's unseen key):
    // another one waits for it, and goes through once it commits. Sharing the row instead deadlocked two
    // messages to the influencer, each waiting to upgrade its share lock for that refresh.
    const sent = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${applications} where ${applications.id} = ${id} for no key update`);
      const send = brand.chat.send({ id, text: "after you" });
      await untilWaitingForLocks(db);
      expect(await messageCount(id)).toBe(1);
      return { send };
    });
    await sent.send;
    expect(await messageCount(id)).toBe(2);
  });
});
