import { DAY_MS } from "@market/contracts";
import { and, applicationPrices, applications, chatMessages, type Db, eq, notifications } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callFailure, waitingApplication } from "../../testing";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const rowOf = async (id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
const messagesOf = (id: number) => db.select().from(chatMessages).where(eq(chatMessages.applicationId, id));
const notesOf = (id: number, type: "change_request" | "declined") =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.applicationId, id), eq(notifications.type, type)));

const change = (id: number, prices: unknown[] = [{ network: "instagram", price: "$900" }]) => ({ id, prices }) as never;

describe("applications.requestChanges", () => {
  it("posts a change_request listing the lines that differ and notifies the influencer; the proposal is unchanged", async () => {
    const app = await waitingApplication(db, clock);
    clock.advance(1000);
    const result = await app.callers.brand.applications.requestChanges(
      change(app.id, [{ network: "instagram", price: "$1,000", creationDays: "7" }]),
    );
    expect(result).toEqual({ id: app.id, status: "WAITING", deniedReason: null });
    const message = (await messagesOf(app.id)).find((row) => row.type === "change_request");
    expect(message).toMatchObject({
      senderId: app.brand.id,
      impersonatorId: null,
      payload: { type: "change_request", prices: [{ network: "instagram", priceCents: 100_000, creationDays: 7 }] },
    });
    const notes = await notesOf(app.id, "change_request");
    expect(notes.map((note) => [note.userId, note.senderId, note.dealId])).toEqual([
      [app.influencer.id, app.brand.id, app.dealId],
    ]);
    const prices = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, app.id));
    expect(prices.map((price) => [price.networkType, price.priceCents])).toEqual([["instagram", 125_000]]);
    expect((await rowOf(app.id))?.updatedAt).toEqual(clock.now());
  });

  it("keeps the proposal's days when the brand leaves them blank, and refuses a request that changes nothing", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.applications.requestChanges(change(app.id, [{ network: "instagram", price: 900 }]));
    const message = (await messagesOf(app.id)).find((row) => row.type === "change_request");
    expect(message?.payload).toEqual({
      type: "change_request",
      // The days and the usage rights the brand left out are the proposal's.
      prices: [{ network: "instagram", priceCents: 90_000, creationDays: 5, usageRights: { kind: "organic" } }],
    });
    expect(
      await callFailure(
        app.callers.brand.applications.requestChanges(
          change(app.id, [{ network: "instagram", price: 1250, creationDays: 5 }]),
        ),
      ),
    ).toMatchObject({ code: "CONFLICT", reason: "no_change" });
  });

  it("refuses a network outside the proposal on its field, bad prices, and a body without prices", async () => {
    const app = await waitingApplication(db, clock);
    const brand = app.callers.brand.applications;
    expect(await callFailure(brand.requestChanges(change(app.id, [{ network: "youtube", price: 100 }])))).toMatchObject(
      {
        reason: "invalid",
        issues: ["prices.0.network"],
      },
    );
    expect(
      await callFailure(brand.requestChanges(change(app.id, [{ network: "instagram", price: 24 }]))),
    ).toMatchObject({
      reason: "invalid",
      issues: ["prices.0.price"],
    });
    expect(
      await callFailure(brand.requestChanges(change(app.id, [{ network: "instagram", price: "" }]))),
    ).toMatchObject({
      reason: "invalid",
    });
    expect(await callFailure(brand.requestChanges({ id: app.id } as never))).toMatchObject({
      reason: "missing_parameters",
    });
    expect((await messagesOf(app.id)).filter((row) => row.type === "change_request")).toEqual([]);
  });

  it("is the brand party's: the influencer is forbidden, others not_found, a visitor unauthorized; an admin acts as the brand", async () => {
    const app = await waitingApplication(db, clock);
    const { callers } = app;
    expect(await callFailure(callers.influencer.applications.requestChanges(change(app.id)))).toMatchObject({
      code: "FORBIDDEN",
      reason: "forbidden",
    });
    expect(await callFailure(callers.adminAsInfluencer.applications.requestChanges(change(app.id)))).toMatchObject({
      reason: "forbidden",
    });
    for (const stranger of [callers.otherBrand, callers.otherInfluencer]) {
      expect(await callFailure(stranger.applications.requestChanges(change(app.id)))).toMatchObject({
        code: "NOT_FOUND",
        reason: "not_found",
      });
    }
    expect(await callFailure(callers.brand.applications.requestChanges(change(999_999)))).toMatchObject({
      reason: "not_found",
    });
    expect(await callFailure(callers.visitor.applications.requestChanges(change(app.id)))).toMatchObject({
      reason: "unauthorized",
    });
    await callers.adminAsBrand.applications.requestChanges(change(app.id));
    const [message] = (await messagesOf(app.id)).filter((row) => row.type === "change_request");
    expect(message).toMatchObject({ senderId: app.brand.id, impersonatorId: app.admin.id });
  });

  it("is refused once the proposal expired (expired) or left WAITING (closed)", async () => {
    const expiring = await waitingApplication(db, clock, { expiresInDays: 1 });
    const declined = await waitingApplication(db, clock);
    await declined.callers.brand.applications.decline({ id: declined.id });
    const hired = await waitingApplication(db, clock);
    await db.update(applications).set({ status: "PROGRESS" }).where(eq(applications.id, hired.id));
    clock.advance(DAY_MS);
    try {
      expect(await callFailure(expiring.callers.brand.applications.requestChanges(change(expiring.id)))).toMatchObject({
        reason: "expired",
      });
      expect(await callFailure(declined.callers.brand.applications.requestChanges(change(declined.id)))).toMatchObject({
        reason: "closed",
      });
      expect(await callFailure(hired.callers.brand.applications.requestChanges(change(hired.id)))).toMatchObject({
        reason: "closed",
      });
    } finally {
      clock.advance(-DAY_MS);
    }
  });
});

describe("applications.decline", () => {
  it("denies with the brand's reason and notifies the influencer, without a chat message", async () => {
    const app = await waitingApplication(db, clock);
    const before = (await messagesOf(app.id)).length;
    expect(await app.callers.brand.applications.decline({ id: app.id, reason: "PRICE_TOO_HIGH" })).toEqual({
      id: app.id,
      status: "DENIED",
      deniedReason: "PRICE_TOO_HIGH",
    });
    expect(await rowOf(app.id)).toMatchObject({ status: "DENIED", deniedReason: "PRICE_TOO_HIGH" });
    expect((await messagesOf(app.id)).length).toBe(before);
    const notes = await notesOf(app.id, "declined");
    expect(notes.map((note) => [note.userId, note.senderId])).toEqual([[app.influencer.id, app.brand.id]]);
  });

  it("takes NO_REASON when the reason is absent or null, and refuses EXPIRED or an unknown reason", async () => {
    const first = await waitingApplication(db, clock);
    expect((await first.callers.brand.applications.decline({ id: first.id })).deniedReason).toBe("NO_REASON");
    const second = await waitingApplication(db, clock);
    expect((await second.callers.brand.applications.decline({ id: second.id, reason: null })).deniedReason).toBe(
      "NO_REASON",
    );
    const third = await waitingApplication(db, clock);
    for (const reason of ["EXPIRED", "BORED", 3]) {
      expect(
        await callFailure(third.callers.brand.applications.decline({ id: third.id, reason } as never)),
      ).toMatchObject({ reason: "invalid", issues: ["reason"] });
    }
    expect((await rowOf(third.id))?.status).toBe("WAITING");
  });

  it("is the brand party's: the influencer is forbidden, others not_found, a visitor unauthorized; an admin acts as the brand", async () => {
    const app = await waitingApplication(db, clock);
    const { callers } = app;
    expect(await callFailure(callers.influencer.applications.decline({ id: app.id }))).toMatchObject({
      code: "FORBIDDEN",
      reason: "forbidden",
    });
    expect(await callFailure(callers.adminAsInfluencer.applications.decline({ id: app.id }))).toMatchObject({
      reason: "forbidden",
    });
    for (const stranger of [callers.otherBrand, callers.otherInfluencer]) {
      expect(await callFailure(stranger.applications.decline({ id: app.id }))).toMatchObject({ reason: "not_found" });
    }
    expect(await callFailure(callers.visitor.applications.decline({ id: app.id }))).toMatchObject({
      reason: "unauthorized",
    });
    expect((await rowOf(app.id))?.status).toBe("WAITING");
    await callers.adminAsBrand.applications.decline({ id: app.id, reason: "FAKE" });
    expect(await rowOf(app.id)).toMatchObject({ status: "DENIED", deniedReason: "FAKE" });
  });

  it("declines once: a second decline is closed, and the influencer can no longer update", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.applications.decline({ id: app.id, reason: "BAD_AUDIENCE" });
    expect(await callFailure(app.callers.brand.applications.decline({ id: app.id }))).toMatchObject({
      code: "CONFLICT",
      reason: "closed",
    });
    expect(
      await callFailure(
        app.callers.influencer.applications.update({
          id: app.id,
          expiration: new Date(clock.now().getTime() + 61 * DAY_MS),
          prices: [{ networkId: app.instagram, price: 900, creationDays: 5 }],
        }),
      ),
    ).toMatchObject({ reason: "closed" });
    expect(await rowOf(app.id)).toMatchObject({ status: "DENIED", deniedReason: "BAD_AUDIENCE" });
    expect(await notesOf(app.id, "declined")).toHaveLength(1);
  });

  it("cannot decline a proposal past its expiration: it reads as expired, and stays as the sweep will write it", async () => {
    const app = await waitingApplication(db, clock, { expiresInDays: 1 });
    clock.advance(DAY_MS);
    try {
      expect(await callFailure(app.callers.brand.applications.decline({ id: app.id }))).toMatchObject({
        reason: "expired",
      });
      expect(await rowOf(app.id)).toMatchObject({ status: "WAITING", deniedReason: null });
    } finally {
      clock.advance(-DAY_MS);
    }
  });
});
