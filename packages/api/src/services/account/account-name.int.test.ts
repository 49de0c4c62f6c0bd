import { type Db, eq, notifications } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { waitingApplication } from "../../testing";
import { notificationsByIds } from "../notifications/read";

/**
 * Every place that tells someone who did something names a brand by its company name, by its username when the
 * company name is empty (accounts from before sign-up asked it), and an influencer by its username
 * (accountNameSql): the chat's messages as read and as sent, the notifications, the application page and cards.
 */
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** A WAITING application of the named brand, on which the brand wrote to the influencer. */
async function brandWrote(brand: { username: string; brandName: string }) {
  const app = await waitingApplication(db, clock, { brand });
  const sent = await app.callers.brand.chat.send({ id: app.id, text: "Can you add a story?" });
  return { app, sent };
}

/** How each reader names the brand and the influencer of `app`. */
async function namesSeen({ app, sent }: Awaited<ReturnType<typeof brandWrote>>) {
  const influencerChat = await app.callers.influencer.chat.page({ id: app.id });
  const brandChat = await app.callers.brand.chat.page({ id: app.id });
  const fromBrand = influencerChat.messages.find((message) => message.id === sent.id);
  const fromInfluencer = brandChat.messages.find((message) => message.type === "text" && !message.isMe);
  const influencerNotes = await app.callers.influencer.notifications.list();
  const brandNotes = await app.callers.brand.notifications.list();
  const page = await app.callers.influencer.applications.get({ id: app.id });
  const cards = await app.callers.influencer.applications.list({});
  return {
    sentAs: sent.sender?.name,
    brandInChat: fromBrand?.sender?.name,
    brandInNotification: influencerNotes.items.find((item) => item.type === "message")?.sender?.name,
    brandOnPage: page.deal.author,
    brandOnCard: cards.applications.find((card) => card.id === app.id)?.deal.author,
    influencerInChat: fromInfluencer?.sender?.name,
    influencerInNotification: brandNotes.items.find((item) => item.type === "application")?.sender?.name,
  };
}

describe("the name of an account", () => {
  it("is a brand's company name, never its username, to the influencer and to the brand itself", async () => {
    const wrote = await brandWrote({ username: "acme_team", brandName: "Acme Coffee" });
    const { app } = wrote;
    expect(await namesSeen(wrote)).toEqual({
      sentAs: "Acme Coffee",
      brandInChat: "Acme Coffee",
      brandInNotification: "Acme Coffee",
      brandOnPage: "Acme Coffee",
      brandOnCard: "Acme Coffee",
      influencerInChat: app.influencer.username,
      influencerInNotification: app.influencer.username,
    });
    // The handle stays beside the name.
    expect(wrote.sent.sender).toMatchObject({ id: app.brand.id, username: "acme_team", name: "Acme Coffee" });
    // The live toast's read: what the fan-out pushes names the brand the same way.
    const ids = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, app.influencer.id));
    const pushed = await notificationsByIds(
      db,
      ids.map((row) => row.id),
    );
    expect(pushed.map(({ view }) => view.sender?.name)).toEqual(["Acme Coffee"]);
  });

  it("is the brand's username when its company name is empty", async () => {
    const wrote = await brandWrote({ username: "old_brand", brandName: "" });
    const { app } = wrote;
    expect(await namesSeen(wrote)).toEqual({
      sentAs: "old_brand",
      brandInChat: "old_brand",
      brandInNotification: "old_brand",
      brandOnPage: "old_brand",
      brandOnCard: "old_brand",
      influencerInChat: app.influencer.username,
      influencerInNotification: app.influencer.username,
    });
  });
});
