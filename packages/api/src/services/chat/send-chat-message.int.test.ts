import { and, type Db, eq, notifications } from "@market/db";
import { statementCounter, testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { waitingApplication } from "../../testing";
import type { Viewer } from "../../viewer";
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
    expect(view).toMatchObject({ type: "text", text: "Together", isMe: true, sender: { id: application.influencer.id } });
    // The rate limit's count, the application's row, then the message, the application's row for the unseen key,
    // the brand's notification lock, the notification and the sender's name in one turn, then the NOTIFY.
    expect(counting.statements()).toBe(8);
    if (testDatabaseUrl) expect(counting.turns()).toBe(4);
    const notified = await db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.userId, application.brand.id), eq(notifications.type, "message")));
    expect(notified).toEqual([{ text: "Together" }]);
  });
});
