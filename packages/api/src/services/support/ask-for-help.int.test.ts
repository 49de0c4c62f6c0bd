import { HELP_QUESTION_MAX_LENGTH } from "@market/contracts";
import { desc, eq, helpRequests, outgoingMail } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callFailure, createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";
import { RATE_LIMITS } from "../auth/rate-limit";
import type { Mailer } from "../mail/mailer";
import { DEFAULT_SUPPORT_EMAIL } from "./help-mail";

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));

const testDb = useTestDb();

const questionsOf = (userId: number) => testDb.db.select().from(helpRequests).where(eq(helpRequests.userId, userId));

const mailsTo = (to: string) =>
  testDb.db.select().from(outgoingMail).where(eq(outgoingMail.to, to)).orderBy(desc(outgoingMail.id));

/** A caller whose context has the given mailer and support mailbox. */
function callerWith(userId: number, deps: { mailer: Mailer; supportEmail?: string }) {
  return callerFor(testDb.db, { userId }, clock, undefined, undefined, undefined, deps);
}

describe("support.askForHelp", () => {
  it("stores the trimmed question of a brand or an influencer", async () => {
    for (const user of [await createBrand(testDb.db), await createInfluencer(testDb.db)]) {
      const caller = await callerFor(testDb.db, { userId: user.id }, clock);
      await expect(caller.support.askForHelp({ text: "  How do I get paid?\n" })).resolves.toBeUndefined();
      expect(await questionsOf(user.id)).toEqual([
        { id: expect.any(Number), userId: user.id, text: "How do I get paid?", createdAt: clock.now() },
      ]);
    }
  });

  it("mails the question to the support mailbox with who asks it", async () => {
    const user = await createInfluencer(testDb.db, { username: "asker" });
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    await caller.support.askForHelp({ text: " Where is my payout? " });
    const [question] = await questionsOf(user.id);
    const [mail] = await mailsTo(DEFAULT_SUPPORT_EMAIL);
    expect(mail).toMatchObject({
      subject: `Help question #${question?.id} from asker (influencer)`,
      text: `asker (influencer #${user.id}) asks:\n\nWhere is my payout?\n\nAnswer by email to asker@test.example.`,
      // Queued with the question, due at once: the mail job sends it.
      sentAt: null,
      nextAttemptAt: clock.now(),
    });
  });

  it("sends to the configured support mailbox", async () => {
    const user = await createBrand(testDb.db);
    const mailed: string[] = [];
    const caller = await callerWith(user.id, {
      mailer: { queue: async (_db, mail) => mailed.push(mail.to) },
      supportEmail: "help@market.example",
    });
    await caller.support.askForHelp({ text: "Hello" });
    expect(mailed).toEqual(["help@market.example"]);
  });

  it("stores the question and its mail together: a mail that cannot be recorded stores no question", async () => {
    const user = await createBrand(testDb.db);
    const caller = await callerWith(user.id, {
      mailer: {
        queue: async () => {
          throw new Error("the outbox is away");
        },
      },
    });
    await expect(caller.support.askForHelp({ text: "Is anyone there?" })).rejects.toThrow();
    expect(await questionsOf(user.id)).toEqual([]);
  });

  it("refuses an empty, blank or too long question with the text field's issue, storing nothing", async () => {
    const user = await createBrand(testDb.db);
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    for (const text of ["", " \n\t ", "x".repeat(HELP_QUESTION_MAX_LENGTH + 1)]) {
      expect(await callFailure(caller.support.askForHelp({ text }))).toEqual({
        code: "BAD_REQUEST",
        reason: "invalid",
        issues: ["text"],
      });
    }
    expect(await callFailure(caller.support.askForHelp({} as never))).toEqual({
      code: "BAD_REQUEST",
      reason: "invalid",
      issues: ["text"],
    });
    expect(await questionsOf(user.id)).toEqual([]);
    expect(await mailsTo(DEFAULT_SUPPORT_EMAIL)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining(`from ${user.username} (`) }),
    );
  });

  it("accepts a question of the maximum length once trimmed", async () => {
    const user = await createInfluencer(testDb.db);
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    await caller.support.askForHelp({ text: ` ${"y".repeat(HELP_QUESTION_MAX_LENGTH)} ` });
    expect((await questionsOf(user.id))[0]?.text).toHaveLength(HELP_QUESTION_MAX_LENGTH);
  });

  it("refuses more than the hourly limit of questions from one user with rate_limited", async () => {
    const user = await createBrand(testDb.db);
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    for (let index = 0; index < RATE_LIMITS.helpPerUser.limit; index += 1) {
      await caller.support.askForHelp({ text: `Question ${index}` });
    }
    expect((await callFailure(caller.support.askForHelp({ text: "One more" }))).reason).toBe("rate_limited");
    expect(await questionsOf(user.id)).toHaveLength(RATE_LIMITS.helpPerUser.limit);
  });

  it("refuses a visitor", async () => {
    const visitor = await callerFor(testDb.db, null, clock);
    expect((await callFailure(visitor.support.askForHelp({ text: "Hello?" }))).reason).toBe("unauthorized");
  });
});
