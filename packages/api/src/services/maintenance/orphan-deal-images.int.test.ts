import { randomUUID } from "node:crypto";
import { applications, chatMessages, type Db, dealImages, deals, eq, files, sql, users } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  applyTo,
  callerFor,
  callFailure,
  campaignBody,
  createBrand,
  pngBytes,
  untilWaitingForLocks,
  uploadImages,
} from "../../testing";
import { claimImages } from "../deals/campaign-rules";
import { uploadDealImage } from "../deals/upload-deal-image";
import type { FileStore } from "../files/file-store";
import { memoryFileStore } from "../files/memory-file-store";
import { uploadPicture } from "../files/upload-picture";
import { deleteUnreferenced, ORPHAN_DEAL_IMAGE_AGE_MS, sweepOrphanDealImages } from "./orphan-deal-images";

let db: Db;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(async () => {
  await db.delete(files);
});

const t0 = new Date("2026-06-01T12:00:00Z");
const onPostgres = Boolean(testDatabaseUrl);
const fileIds = async () => (await db.select({ id: files.id }).from(files)).map((row) => row.id).sort();

describe("sweepOrphanDealImages", () => {
  it("deletes the rows and bytes of deal images no deal uses once a day old, and nothing else", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const deps = { db, clock, files: store };
    const brand = await createBrand(db);
    const [claimed = "", dropped = "", abandoned = ""] = await uploadImages(deps, brand.id, 3);
    const caller = await callerFor(db, { userId: brand.id }, clock, undefined, store);
    const { id: dealId } = await caller.deals.create(campaignBody(clock, { images: [claimed, dropped] }));
    // The brand then removes an image from its campaign: that file is now referenced by nothing.
    await db.delete(dealImages).where(eq(dealImages.fileId, dropped));
    // A profile picture and a chat file of the same age, and a deal image uploaded later (still in a wizard).
    await uploadPicture(deps, brand.id, { bytes: pngBytes(), name: "me.png" });
    const [owner] = await db.select({ picture: users.picture }).from(users).where(eq(users.id, brand.id));
    const picture = { id: owner?.picture ?? "" };
    const chatFile = await chatFileOf(db, store, brand.id, { id: dealId, brandId: brand.id });
    clock.set(new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS - 1));
    const recent = (await uploadDealImage(deps, brand.id, { bytes: pngBytes(), name: "late.png" })).id;
    expect(store.keys()).toHaveLength(6);

    // Just under a day after the uploads, nothing is old enough.
    expect(await sweepOrphanDealImages(deps, new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS - 1))).toBe(0);
    // At a day: the dropped and the abandoned images go, rows and bytes.
    expect(await sweepOrphanDealImages(deps, new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS))).toBe(2);
    expect(await fileIds()).toEqual([claimed, picture.id, chatFile, recent].sort());
    expect(store.keys().sort()).toEqual(
      [`deal-images/${claimed}`, `deal-images/${recent}`, ...(await keysOf([picture.id, chatFile]))].sort(),
    );
    expect(store.keys()).not.toContain(`deal-images/${dropped}`);
    expect(store.keys()).not.toContain(`deal-images/${abandoned}`);
    // Much later, the image in use, the picture and the chat file are still kept; the late upload goes.
    expect(await sweepOrphanDealImages(deps, new Date(t0.getTime() + 365 * ORPHAN_DEAL_IMAGE_AGE_MS))).toBe(1);
    expect(await fileIds()).toEqual([claimed, picture.id, chatFile].sort());
    const [deal] = await db.select().from(dealImages).where(eq(dealImages.dealId, dealId));
    expect(deal?.fileId).toBe(claimed);
    expect(await sweepOrphanDealImages(deps, new Date(t0.getTime() + 365 * ORPHAN_DEAL_IMAGE_AGE_MS))).toBe(0);
  });

  it("keeps a deal image a chat message points at", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const brand = await createBrand(db);
    const [image = ""] = await uploadImages({ db, clock, files: store }, brand.id, 1);
    const caller = await callerFor(db, { userId: brand.id }, clock, undefined, store);
    const { id: dealId } = await caller.deals.create(campaignBody(clock));
    const influencer = await applyTo(db, { id: dealId, brandId: brand.id }, t0);
    const [application] = await db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.influencerId, influencer.id));
    await db
      .insert(chatMessages)
      .values({ applicationId: application?.id ?? 0, senderId: brand.id, type: "file", fileId: image });
    expect(
      await sweepOrphanDealImages({ db, files: store }, new Date(t0.getTime() + 2 * ORPHAN_DEAL_IMAGE_AGE_MS)),
    ).toBe(0);
    expect(await fileIds()).toEqual([image]);
  });

  it("keeps a candidate that a campaign save claimed after the sweep picked it", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const brand = await createBrand(db);
    const [image = "", unclaimed = ""] = await uploadImages({ db, clock, files: store }, brand.id, 2);
    // Both were orphans when the sweep's first statement picked and locked them; a save had claimed `image` and
    // committed just before the lock, unseen by that statement's snapshot.
    const caller = await callerFor(db, { userId: brand.id }, clock, undefined, store);
    const { id: dealId } = await caller.deals.create(campaignBody(clock, { images: [image] }));

    const deleted = await db.transaction((tx) => deleteUnreferenced(tx, [image, unclaimed]));
    expect(deleted).toEqual([{ storageKey: `deal-images/${unclaimed}` }]);
    expect(await fileIds()).toEqual([image]);
    const shown = await db.select({ fileId: dealImages.fileId }).from(dealImages).where(eq(dealImages.dealId, dealId));
    expect(shown).toEqual([{ fileId: image }]);
  });

  // Two connections at once: PGlite has one, so these run on PostgreSQL (CI).
  it.runIf(onPostgres)("skips the images a campaign save holds", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const brand = await createBrand(db);
    const [held = "", free = ""] = await uploadImages({ db, clock, files: store }, brand.id, 2);
    const later = new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS);
    const swept = await db.transaction(async (tx) => {
      await claimImages(tx, brand.id, [held], null);
      return sweepOrphanDealImages({ db, files: store }, later);
    });
    expect(swept).toBe(1);
    expect(await fileIds()).toEqual([held]);
    expect(store.keys()).not.toContain(`deal-images/${free}`);
  });

  it.runIf(onPostgres)("makes a save that waited for the sweep answer invalid images, not an error", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const brand = await createBrand(db);
    const [image = ""] = await uploadImages({ db, clock, files: store }, brand.id, 1);
    const caller = await callerFor(db, { userId: brand.id }, clock, undefined, store);
    const failure = await db.transaction(async (tx) => {
      // The sweep's first statement has locked the candidate; the save comes now and waits for it.
      await tx.execute(sql`select id from ${files} where ${files.id} = ${image} for update`);
      const save = callFailure(caller.deals.create(campaignBody(clock, { images: [image] })));
      await untilWaitingForLocks(db);
      expect(await deleteUnreferenced(tx, [image])).toHaveLength(1);
      // Not awaited here: the save can only finish once this transaction ends.
      return { save };
    });
    expect(await failure.save).toMatchObject({ code: "BAD_REQUEST", reason: "invalid", issues: ["images"] });
    expect(await db.select().from(deals).where(eq(deals.userId, brand.id))).toEqual([]);
  });

  it("deletes the rows even when the store fails, and reports the keys whose bytes are left", async () => {
    const clock = fixedClock(t0);
    const store = memoryFileStore();
    const brand = await createBrand(db);
    const [first = "", second = ""] = await uploadImages({ db, clock, files: store }, brand.id, 2);
    const failing: FileStore = {
      ...store,
      delete: async (key) => {
        if (key === `deal-images/${first}`) throw new Error("disk on fire");
        await store.delete(key);
      },
    };
    const sweep = sweepOrphanDealImages({ db, files: failing }, new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS));
    await expect(sweep).rejects.toThrow(`deleted 2 orphan deal image rows, but not the bytes of: deal-images/${first}`);
    expect(await fileIds()).toEqual([]);
    expect(store.keys()).toEqual([`deal-images/${first}`]);
    expect(second).not.toBe("");
  });
});

/** A chat file sent in an application of the deal, as the chat stores one. */
async function chatFileOf(db: Db, store: FileStore, brandId: number, deal: { id: number; brandId: number }) {
  const influencer = await applyTo(db, deal, t0);
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.influencerId, influencer.id));
  const id = randomUUID();
  const storageKey = `chat-files/${id}`;
  await store.put(storageKey, new Uint8Array([7]));
  await db.insert(files).values({
    id,
    ownerId: brandId,
    purpose: "chat_file",
    storageKey,
    originalName: "brief.pdf",
    contentType: "application/pdf",
    sizeBytes: 1,
    sha256: "0".repeat(64),
    createdAt: t0,
  });
  await db
    .insert(chatMessages)
    .values({ applicationId: application?.id ?? 0, senderId: brandId, type: "file", fileId: id });
  return id;
}

async function keysOf(ids: string[]) {
  const rows = await db.select({ id: files.id, key: files.storageKey }).from(files);
  return rows.filter((row) => ids.includes(row.id)).map((row) => row.key);
}
