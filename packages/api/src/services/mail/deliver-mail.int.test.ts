import { eq, outgoingMail } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock, offsetClock } from "../../clock";
import {
  deliverQueuedMail,
  MAIL_CLAIM_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAY_MS,
  nextMailAttemptAt,
  sweepQueuedMail,
} from "./deliver-mail";
import { MailDeliveryError, type MailTransport } from "./mail-transport";
import { type MailMessage, mailQueue } from "./mailer";

/**
 * The delivery of queued mail, as the embedded runner's pass and the mail job run it, on the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL: CI runs both). Each test mails its own addresses.
 */
const testDb = useTestDb();
const start = new Date("2026-05-04T08:00:00Z");

/** A transport that records what it delivers; `failures` deliveries fail first, each `delayMs` long. */
function fakeTransport(options: { failures?: number; delayMs?: number } = {}) {
  const delivered: (MailMessage & { id: number })[] = [];
  let failures = options.failures ?? 0;
  const transport: MailTransport = {
    async deliver(mail) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures -= 1;
        throw new MailDeliveryError("SMTP delivery failed: connect ECONNREFUSED 127.0.0.1:25");
      }
      delivered.push(mail);
    },
  };
  return { transport, delivered };
}

const rowOf = async (id: number) => (await testDb.db.select().from(outgoingMail).where(eq(outgoingMail.id, id)))[0];

describe("queued mail delivery", () => {
  it("a write that rolls back sends nothing: its mail was never recorded, and no pass finds it", async () => {
    const clock = fixedClock(start);
    const { transport, delivered } = fakeTransport();
    await expect(
      testDb.db.transaction(async (tx) => {
        await mailQueue(clock).queue(tx, { to: "rollback@example.com", subject: "Reset", text: "a link" });
        throw new Error("the write fails after queueing its mail");
      }),
    ).rejects.toThrow("the write fails");
    await sweepQueuedMail({ db: testDb.db, clock, transport });
    expect(delivered.filter((mail) => mail.to === "rollback@example.com")).toEqual([]);
    expect(await testDb.db.select().from(outgoingMail).where(eq(outgoingMail.to, "rollback@example.com"))).toEqual([]);
  });

  it("a committed mail is sent once, though two workers deliver it at the same moment", async () => {
    const clock = fixedClock(start);
    // Slow deliveries: the second worker comes while the first still holds the mail.
    const { transport, delivered } = fakeTransport({ delayMs: 50 });
    const deps = { db: testDb.db, clock, transport };
    const ids = await testDb.db.transaction(async (tx) => [
      await mailQueue(clock).queue(tx, { to: "twice-1@example.com", subject: "One", text: "1" }),
      await mailQueue(clock).queue(tx, { to: "twice-2@example.com", subject: "Two", text: "2" }),
    ]);
    const [a, b] = await Promise.all([sweepQueuedMail(deps), sweepQueuedMail(deps)]);
    // The same mail's job run twice at once, as two pg-boss instances would if its job were sent twice.
    const again = await Promise.all(ids.map((id) => deliverQueuedMail(deps, id)));
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    expect(again).toEqual([{ kind: "done" }, { kind: "done" }]);
    expect(delivered.map((mail) => mail.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ sentAt: start, attempts: 1, claimedUntil: null });
  });

  it("two workers taking one mail at once: one delivers, the other finds it busy", async () => {
    const clock = fixedClock(start);
    const { transport, delivered } = fakeTransport({ delayMs: 50 });
    const deps = { db: testDb.db, clock, transport };
    const id = await mailQueue(clock).queue(testDb.db, { to: "race@example.com", subject: "S", text: "T" });
    const outcomes = await Promise.all([deliverQueuedMail(deps, id), deliverQueuedMail(deps, id)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["busy", "sent"]);
    expect(delivered.map((mail) => mail.id)).toEqual([id]);
  });

  it("an SMTP failure is recorded and retried after its backoff, then the mail is sent", async () => {
    const clock = offsetClock(fixedClock(start));
    const { transport, delivered } = fakeTransport({ failures: 2 });
    const deps = { db: testDb.db, clock, transport };
    const id = await mailQueue(clock).queue(testDb.db, { to: "outage@example.com", subject: "S", text: "T" });

    expect(await sweepQueuedMail(deps)).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      sentAt: null,
      failedAt: null,
      attempts: 1,
      error: expect.stringContaining("ECONNREFUSED"),
      nextAttemptAt: new Date(start.getTime() + MAIL_RETRY_DELAY_MS),
      claimedUntil: null,
    });
    // Before its backoff ends, the pass leaves it.
    clock.advance(MAIL_RETRY_DELAY_MS - 1);
    await sweepQueuedMail(deps);
    expect((await rowOf(id))?.attempts).toBe(1);
    clock.advance(1);
    await sweepQueuedMail(deps);
    // The second failure waits twice as long.
    expect(await rowOf(id)).toMatchObject({ attempts: 2, nextAttemptAt: nextMailAttemptAt(clock.now(), 2) });
    expect(nextMailAttemptAt(clock.now(), 2).getTime() - clock.now().getTime()).toBe(2 * MAIL_RETRY_DELAY_MS);
    clock.advance(2 * MAIL_RETRY_DELAY_MS);
    await sweepQueuedMail(deps);
    expect(await rowOf(id)).toMatchObject({ sentAt: clock.now(), attempts: 3, error: null, nextAttemptAt: null });
    expect(delivered.map((mail) => mail.to)).toEqual(["outage@example.com"]);
  });

  it("gives a mail up, failed with its last error, once its attempts are spent", async () => {
    const clock = offsetClock(fixedClock(start));
    const { transport, delivered } = fakeTransport({ failures: MAIL_MAX_ATTEMPTS });
    const deps = { db: testDb.db, clock, transport };
    const id = await mailQueue(clock).queue(testDb.db, { to: "gone@example.com", subject: "S", text: "T" });
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverQueuedMail(deps, id, { dueOnly: true })).toMatchObject({ kind: "retry", attempts: attempt });
      clock.advance(MAIL_RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
    expect(await deliverQueuedMail(deps, id, { dueOnly: true })).toMatchObject({
      kind: "failed",
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect(await rowOf(id)).toMatchObject({
      sentAt: null,
      failedAt: clock.now(),
      nextAttemptAt: null,
      attempts: MAIL_MAX_ATTEMPTS,
      error: expect.stringContaining("ECONNREFUSED"),
    });
    // Failed is an end: neither the pass nor a job tries it again.
    clock.advance(MAIL_RETRY_DELAY_MS * 2 ** MAIL_MAX_ATTEMPTS);
    expect(await sweepQueuedMail(deps)).toBe(0);
    expect(await deliverQueuedMail(deps, id)).toEqual({ kind: "done" });
    expect(delivered).toEqual([]);
  });

  it("a delivery that crashed holds its mail until its claim lapses; then the next pass sends it", async () => {
    const clock = offsetClock(fixedClock(start));
    const { transport, delivered } = fakeTransport();
    const deps = { db: testDb.db, clock, transport };
    const id = await mailQueue(clock).queue(testDb.db, { to: "crash@example.com", subject: "S", text: "T" });
    // An instance claimed it and died before recording anything.
    await testDb.db
      .update(outgoingMail)
      .set({ claimedUntil: new Date(start.getTime() + MAIL_CLAIM_MS) })
      .where(eq(outgoingMail.id, id));
    expect(await deliverQueuedMail(deps, id)).toEqual({ kind: "busy" });
    await sweepQueuedMail(deps);
    expect(delivered).toEqual([]);
    clock.advance(MAIL_CLAIM_MS);
    expect(await sweepQueuedMail(deps)).toBe(1);
    expect(delivered.map((mail) => mail.id)).toEqual([id]);
  });
});
