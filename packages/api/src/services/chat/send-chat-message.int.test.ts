import { and, chatMessages, type Db, eq, notifications, rateLimitBuckets } from "@market/db";
import { statementCounter, testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { RateLimited } from "../../errors";
import { createInfluencer, waitingApplication } from "../../testing";
import type { Viewer } from "../../viewer";
import { RATE_LIMITS } from "../auth/rate-limit";
import { sendChatMessage } from "./send-chat-message";

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

describe("a chat message's statements", () => {
  it("sends the message, the notification and the sender's name together, then the NOTIFY (issue 33)", async () => {
    const application = await waitingApplication(db, clock);
    const counting = statementCounter(testDb.handle);
    const viewer: Viewer = {
      sessionId: "s",
      userId: application.influencer.id,
      kind: "influencer",
      username: application.influencer.username,
      impersonatorId: null,
    };
    const view = await sendChatMessage({ db: counting.db, clock }, viewer, { id: application.id, text: "Together" });
    expect(view).toMatchObject({
      type: "text",
      text: "Together",
      isMe: true,
      sender: { id: application.influencer.id },
    });
    // The rate limit's count with the application's row, then the message, the application's row for the unseen
    // key, the brand's notification lock, the notification and the sender's name in one turn, then the NOTIFY with
    // the look-up of the webhook endpoints its message.received event concerns (issue 39), in one turn.
    expect(counting.statements()).toBe(9);
    if (testDatabaseUrl) expect(counting.turns()).toBe(3);
    const notified = await db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.userId, application.brand.id), eq(notifications.type, "message")));
    expect(notified).toEqual([{ text: "Together" }]);
  });
});

describe("a chat message's count", () => {
  const limited = { limit: 2, scale: 2 / RATE_LIMITS.chatMessagesPerUser.limit };
  const bucketOf = async (userId: number) =>
    (
      await db
        .select({ count: rateLimitBuckets.count })
        .from(rateLimitBuckets)
        .where(eq(rateLimitBuckets.key, `chatMessagesPerUser:${userId}`))
    ).map((row) => row.count);

  it("counts in the message's transaction, refused attempts too, and refuses past the limit writing nothing", async () => {
    const application = await waitingApplication(db, clock);
    const deps = { db, clock, rateLimitScale: limited.scale };
    const as = (user: { id: number; username: string }, kind: Viewer["kind"]): Viewer => ({
      sessionId: "s",
      userId: user.id,
      kind,
      username: user.username,
      impersonatorId: null,
    });
    const outsider = await createInfluencer(db);
    // Not a party: not_found, counted all the same.
    await expect(
      sendChatMessage(deps, as(outsider, "influencer"), { id: application.id, text: "Hi" }),
    ).rejects.toMatchObject({ reason: "not_found" });
    expect(await bucketOf(outsider.id)).toEqual([1]);

    const influencer = as(application.influencer, "influencer");
    await sendChatMessage(deps, influencer, { id: application.id, text: "One" });
    await sendChatMessage(deps, influencer, { id: application.id, text: "Two" });
    await expect(sendChatMessage(deps, influencer, { id: application.id, text: "Three" })).rejects.toBeInstanceOf(
      RateLimited,
    );
    expect(await bucketOf(application.influencer.id)).toEqual([3]);
    const texts = (await db.select().from(chatMessages).where(eq(chatMessages.applicationId, application.id))).map(
      (row) => row.text,
    );
    expect(texts).toContain("Two");
    expect(texts).not.toContain("Three");
  });
});
