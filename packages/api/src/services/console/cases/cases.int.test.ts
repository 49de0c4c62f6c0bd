import { RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import { desc, outgoingMail } from "@market/db";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { noSessionCookie } from "../../../context";
import { assertLedgerInvariants, callerFor, callFailure } from "../../../testing";
import { useHireFixture } from "../../../testing/hire-fixture";
import { paidApplication } from "../../../testing/paid-application";
import { sendChatFile } from "../../chat/send-file";
import { memoryFileStore } from "../../files/memory-file-store";

const fixture = useHireFixture();
const { clock, auditOf, rowOf, messagesOf, notesOf, requestsOf } = fixture;
const HOUR = 3_600_000;

/**
 * A contested hire with a conversation and a file: paid, work done, a message, the influencer's brief, then the
 * brand's contest two days into the window. Its console caller is the admin in their own session.
 */
async function contestedHire() {
  const files = memoryFileStore();
  const app = await paidApplication(fixture.db, clock, { files });
  await app.callers.influencer.applications.workDone({ id: app.id, deliverables: sandboxDeliverables(["instagram"]) });
  clock.advance(HOUR);
  await app.callers.brand.chat.send({ id: app.id, text: "Where is the <b>story</b>?" });
  clock.advance(HOUR);
  await sendChatFile(
    { db: fixture.db, clock, files },
    { sessionId: "test", userId: app.influencer.id, kind: "influencer", username: "i", impersonatorId: null },
    app.id,
    { bytes: new TextEncoder().encode("=the proof"), name: "proof.txt" },
  );
  clock.advance(2 * 24 * HOUR - 2 * HOUR);
  await app.callers.brand.applications.workNotDone({ id: app.id, text: "The story is missing." });
  clock.advance(HOUR);
  const console = await callerFor(fixture.db, { userId: app.admin.id }, clock, noSessionCookie, files);
  return { ...app, files, console };
}

/** Mails of `to`, newest first. */
const mailsTo = async (to: string) =>
  (await fixture.db.select().from(outgoingMail).orderBy(desc(outgoingMail.id))).filter((mail) => mail.to === to);

describe("the cases queue (admin.console.cases.list)", () => {
  it("lists open contests and requests for arbitration oldest first, with the paused countdown's time left", async () => {
    const contested = await contestedHire();
    clock.advance(HOUR);
    const asked = await paidApplication(fixture.db, clock);
    await asked.callers.influencer.chat.requestArbitration({ id: asked.id, text: "The brand stopped answering." });
    clock.advance(HOUR);

    const { items } = await contested.console.admin.console.cases.list({});
    const mine = items.filter((item) => [contested.id, asked.id].includes(item.applicationId));
    expect(mine.map((item) => item.applicationId)).toEqual([contested.id, asked.id]);
    expect(mine[0]).toMatchObject({
      kinds: ["contest"],
      status: "PROGRESS",
      brand: { id: contested.brand.id },
      influencer: { id: contested.influencer.id },
      releaseRemainingMs: RELEASE_WINDOW_MS - 2 * 24 * HOUR,
      paidAmountCents: 137_500,
    });
    expect(mine[1]).toMatchObject({ kinds: ["arbitration"], releaseRemainingMs: null });

    const contests = await contested.console.admin.console.cases.list({ kind: "contest" });
    expect(contests.items.map((item) => item.applicationId)).toContain(contested.id);
    expect(contests.items.map((item) => item.applicationId)).not.toContain(asked.id);
    const byParty = await contested.console.admin.console.cases.list({ party: asked.brand.username.slice(0, 12) });
    expect(byParty.items.map((item) => item.applicationId)).toEqual([asked.id]);

    // A decided case leaves the queue.
    await contested.console.admin.console.cases.decide({
      applicationId: contested.id,
      decision: "close",
      reason: "Delivered as agreed.",
    });
    const after = await contested.console.admin.console.cases.list({});
    expect(after.items.map((item) => item.applicationId)).not.toContain(contested.id);
  });

  it("pages by keyset: the next page starts after the last row, and a forged cursor is invalid", async () => {
    const first = await contestedHire();
    await contestedHire();
    const all = await first.console.admin.console.cases.list({});
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    expect(all.nextCursor).toBeNull();
    expect(await callFailure(first.console.admin.console.cases.list({ cursor: "1.x" }))).toMatchObject({
      reason: "invalid",
    });
  });
});

describe("a case's page (admin.console.cases.get)", () => {
  it("tells everything that happened, oldest first, with the parties' figures and the decisions allowed", async () => {
    const app = await contestedHire();
    const view = await app.console.admin.console.cases.get({ applicationId: app.id });
    expect(view).toMatchObject({
      applicationId: app.id,
      kinds: ["contest"],
      status: "PROGRESS",
      paidAmountCents: 137_500,
      decisions: ["release", "refund", "close"],
      brand: { id: app.brand.id, reliability: { hires: 1, autoReleasedShare: null, contestsOpened: 1 } },
      influencer: {
        id: app.influencer.id,
        reliability: { hires: 1, completedShare: 0, contestedShare: 1, refunds: 0 },
      },
    });
    const times = view.timeline.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const kinds = view.timeline.map((event) => `${event.source}:${event.type}`);
    // The ledger's rows carry the database's time, not the test's fixed clock: they are checked apart.
    expect(kinds).toContain("ledger:payment");
    const order = [
      "application:proposal",
      "chat:text",
      "chat:payment",
      "chat:work_done",
      "chat:text",
      "chat:file",
      "chat:work_not_done",
    ];
    expect(kinds.filter((kind) => order.includes(kind))).toEqual(order);
    expect(kinds).toContain("notification:work_not_done");
    expect(view.timeline.findLast((event) => event.type === "text")?.summary).toBe("Where is the <b>story</b>?");
    expect(view.timeline.find((event) => event.type === "file")?.summary).toBe("proof.txt");
    expect(view.files).toEqual([expect.objectContaining({ name: "proof.txt", sender: app.influencer.username })]);
    expect(view.ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    // Issue 37: the admin deciding the contest reads what was delivered and the brand's request for changes.
    expect(view.delivery?.current.posts.map((post) => post.network)).toEqual(["instagram"]);
    expect(view.delivery?.current.changesRequest).toMatchObject({ text: "The story is missing.", networks: [] });
    expect(view.delivery?.history).toEqual([]);
  });

  it("answers not_found for an unknown application", async () => {
    const app = await contestedHire();
    expect(await callFailure(app.console.admin.console.cases.get({ applicationId: 999_999 }))).toMatchObject({
      reason: "not_found",
    });
  });
});

describe("a case's decisions (admin.console.cases.decide)", () => {
  it("releases to the influencer through the release transition, audited with the reason both parties read", async () => {
    const app = await contestedHire();
    await app.callers.brand.chat.requestArbitration({ id: app.id, text: "Please look at this." });
    const reason = "The story was posted on time: see the file.";
    const view = await app.console.admin.console.cases.decide({ applicationId: app.id, decision: "release", reason });
    expect(view).toMatchObject({ status: "COMPLETE", kinds: [], decisions: [] });

    expect(await rowOf(app.id)).toMatchObject({
      status: "COMPLETE",
      releasedAt: clock.now(),
      contestedAt: null,
      arbitrationOpenedAt: null,
    });
    expect((await requestsOf(app.id)).every((request) => request.resolvedAt !== null)).toBe(true);
    await assertLedgerInvariants(fixture.db, { applicationIds: [app.id] });
    expect(await fixture.ledgerOf(app.id, "release")).toMatchObject({ keys: [expect.any(String)] });

    const line = (await messagesOf(app.id)).find((message) => message.type === "money_released");
    expect(line).toMatchObject({ impersonatorId: app.admin.id, text: reason });
    const chat = await app.callers.influencer.chat.page({ id: app.id });
    expect(chat.messages.find((message) => message.type === "money_released")).toMatchObject({ reason });
    expect((await notesOf(app.id, "money_released")).map((note) => note.userId)).toEqual([app.influencer.id]);
    for (const party of [app.brand, app.influencer]) {
      const [mail] = await mailsTo(party.email);
      expect(mail?.text).toContain(reason);
    }
    expect(await auditOf(app.id, "case_release")).toMatchObject({
      adminId: app.admin.id,
      impersonatedUserId: null,
      reason,
      details: { amountCents: 137_500, contested: true },
    });

    // Decided: a second decision is refused, nothing moves twice.
    expect(
      await callFailure(app.console.admin.console.cases.decide({ applicationId: app.id, decision: "refund", reason })),
    ).toMatchObject({ reason: "conflict" });
  });

  it("refunds the brand through the gateway, audited with the reason", async () => {
    const app = await contestedHire();
    const reason = "Nothing was delivered.";
    const view = await app.console.admin.console.cases.decide({ applicationId: app.id, decision: "refund", reason });
    expect(view).toMatchObject({ status: "DENIED", refundedAt: clock.now().toISOString(), decisions: [] });
    await assertLedgerInvariants(fixture.db, { applicationIds: [app.id] });
    expect((await messagesOf(app.id)).find((message) => message.type === "refund")).toMatchObject({
      senderId: null,
      text: reason,
    });
    expect((await notesOf(app.id, "refund")).map((note) => note.userId).sort()).toEqual(
      [app.brand.id, app.influencer.id].sort(),
    );
    expect(await auditOf(app.id, "refund")).toMatchObject({ adminId: app.admin.id, impersonatedUserId: null, reason });
    expect((await mailsTo(app.brand.email))[0]?.text).toContain(reason);
  });

  it("closes the case: the countdown resumes with the time that was left, audited with the reason", async () => {
    const app = await contestedHire();
    const reason = "Both sides agreed to go on.";
    await app.console.admin.console.cases.decide({ applicationId: app.id, decision: "close", reason });
    const row = await rowOf(app.id);
    expect(row).toMatchObject({ status: "PROGRESS", contestedAt: null, releaseRemainingMs: null });
    expect(row.moneyReleaseDate?.getTime()).toBe(clock.now().getTime() + RELEASE_WINDOW_MS - 2 * 24 * HOUR);
    expect((await messagesOf(app.id)).find((message) => message.type === "case_closed")).toMatchObject({
      text: reason,
    });
    expect(await auditOf(app.id, "close_case")).toMatchObject({ impersonatedUserId: null, reason });
    await assertLedgerInvariants(fixture.db, { applicationIds: [app.id] });
  });

  it("refuses a reason too short, and a hire without an open case", async () => {
    const app = await contestedHire();
    expect(
      await callFailure(
        app.console.admin.console.cases.decide({ applicationId: app.id, decision: "close", reason: "x" }),
      ),
    ).toMatchObject({ reason: "invalid" });
    const plain = await fixture.delivered();
    expect(
      await callFailure(
        app.console.admin.console.cases.decide({ applicationId: plain.id, decision: "release", reason: "Why not." }),
      ),
    ).toMatchObject({ reason: "conflict" });
    expect(await rowOf(plain.id)).toMatchObject({ status: "PROGRESS", releasedAt: null });
  });
});

describe("the evidence pack (admin.console.cases.evidence)", () => {
  it("zips the transcript, every file, the timeline, the ledger and a summary, escaped and injection-safe", async () => {
    const app = await contestedHire();
    const { filename, bytes } = await app.console.admin.console.cases.evidence({ applicationId: app.id });
    expect(filename).toBe(`case-${app.id}-evidence.zip`);
    const zip = unzipSync(bytes);
    expect(Object.keys(zip).sort()).toEqual(
      [
        "files/001-proof.txt",
        "ledger.csv",
        "summary.html",
        "timeline.csv",
        "transcript.html",
        "transcript.json",
      ].sort(),
    );
    const text = (name: string) => strFromU8(zip[name] as Uint8Array);
    expect(text("files/001-proof.txt")).toBe("=the proof");
    expect(text("transcript.html")).toContain("Where is the &#60;b&#62;story&#60;/b&#62;?");
    expect(text("transcript.html")).not.toContain("<b>story");
    const transcript = JSON.parse(text("transcript.json"));
    expect(transcript.messages.map((message: { type: string }) => message.type)).toEqual(
      (await messagesOf(app.id)).map((message) => message.type),
    );
    expect(text("timeline.csv").split("\r\n")[0]).toBe("at,source,type,actor,summary");
    expect(text("timeline.csv")).toContain("chat,work_not_done");
    const ledger = text("ledger.csv").trim().split("\r\n");
    expect(ledger[0]).toBe("transaction,kind,at,account,debit_cents,credit_cents");
    const cells = ledger.slice(1).map((line) => line.split(","));
    expect(cells.length).toBeGreaterThan(1);
    const debits = cells.reduce((sum, cell) => sum + Number(cell[4] || 0), 0);
    expect(cells.reduce((sum, cell) => sum + Number(cell[5] || 0), 0)).toBe(debits);
    expect(text("summary.html")).toContain(app.brand.email);
    expect(text("summary.html")).toContain("contest");
  });
});
