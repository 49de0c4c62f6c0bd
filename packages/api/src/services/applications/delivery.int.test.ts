import { DAY_MS, HOUR_MS, RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import { applications, eq, outgoingMail } from "@market/db";
import { describe, expect, it } from "vitest";
import { callFailure, paidApplication, waitingApplication } from "../../testing";
import { useHireFixture } from "../../testing/hire-fixture";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";

const fixture = useHireFixture();
const { clock, auditOf, delivered, rowOf, messagesOf, notesOf, requestsOf, ledgerOf } = fixture;
const at = (ms: number) => new Date(clock.now().getTime() + ms);

type Paid = Awaited<ReturnType<typeof paidApplication>>;

describe("work done (POST /api/applications/{id}/done)", () => {
  it("starts the brand's 10-day window, writes work_done with the date and notifies the brand", async () => {
    const app = await paidApplication(fixture.db, clock);
    clock.advance(1000);
    const result = await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    const releaseDate = at(RELEASE_WINDOW_MS);
    expect(result).toEqual({
      id: app.id,
      status: "PROGRESS",
      moneyReleaseDate: releaseDate,
      countdown: { state: "running", releaseDate, remainingMs: RELEASE_WINDOW_MS },
    });
    const row = await rowOf(app.id);
    expect(row).toMatchObject({ moneyReleaseDate: releaseDate, releaseRemainingMs: null, updatedAt: clock.now() });
    const line = (await messagesOf(app.id)).at(-1);
    expect(line).toMatchObject({
      type: "work_done",
      senderId: app.influencer.id,
      impersonatorId: null,
      payload: { type: "work_done", moneyReleaseDate: releaseDate.toISOString() },
    });
    expect(await notesOf(app.id, "work_done")).toEqual([{ userId: app.brand.id, senderId: app.influencer.id }]);
    // The page reads the countdown and lets the brand contest or release.
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page.countdown).toEqual({ state: "running", releaseDate, remainingMs: RELEASE_WINDOW_MS });
    expect(page.actions).toEqual(expect.arrayContaining(["workNotDone", "release"]));
    expect(page.caseOpen).toBe(false);
  });

  it("is the influencer's only (an admin acting as them too), refused to everyone else", async () => {
    const app = await paidApplication(fixture.db, clock);
    const done = (caller: keyof Paid["callers"]) =>
      callFailure(
        app.callers[caller].applications.workDone({ id: app.id, deliverables: sandboxDeliverables(["instagram"]) }),
      );
    expect(await done("brand")).toMatchObject({ code: "FORBIDDEN", reason: "forbidden" });
    expect(await done("adminAsBrand")).toMatchObject({ reason: "forbidden" });
    expect(await done("otherBrand")).toMatchObject({ code: "NOT_FOUND", reason: "not_found" });
    expect(await done("otherInfluencer")).toMatchObject({ reason: "not_found" });
    expect(await done("visitor")).toMatchObject({ code: "UNAUTHORIZED", reason: "unauthorized" });
    await app.callers.adminAsInfluencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    expect((await messagesOf(app.id)).at(-1)).toMatchObject({
      type: "work_done",
      senderId: app.influencer.id,
      impersonatorId: app.admin.id,
    });
  });

  it("is refused before the hire (not_allowed_yet), once done (conflict) and once released (closed)", async () => {
    const waiting = await waitingApplication(fixture.db, clock);
    expect(
      await callFailure(
        waiting.callers.influencer.applications.workDone({
          id: waiting.id,
          deliverables: sandboxDeliverables(["instagram"]),
        }),
      ),
    ).toMatchObject({
      reason: "not_allowed_yet",
    });
    const app = await delivered();
    expect(
      await callFailure(
        app.callers.influencer.applications.workDone({ id: app.id, deliverables: sandboxDeliverables(["instagram"]) }),
      ),
    ).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    await app.callers.brand.applications.release({ id: app.id });
    expect(
      await callFailure(
        app.callers.influencer.applications.workDone({ id: app.id, deliverables: sandboxDeliverables(["instagram"]) }),
      ),
    ).toMatchObject({
      reason: "closed",
    });
  });
});

describe("work not done (POST /api/applications/{id}/undone)", () => {
  it("pauses the countdown with the time left, tells the influencer and opens a contest for arbitration", async () => {
    const app = await delivered();
    clock.advance(2 * DAY_MS);
    const result = await app.callers.brand.applications.workNotDone({ id: app.id, text: "  The post is not live.  " });
    const left = RELEASE_WINDOW_MS - 2 * DAY_MS;
    expect(result).toEqual({
      id: app.id,
      status: "PROGRESS",
      moneyReleaseDate: null,
      countdown: { state: "paused", remainingMs: left, pausedBy: ["contest"] },
    });
    expect(await rowOf(app.id)).toMatchObject({
      moneyReleaseDate: null,
      releaseRemainingMs: left,
      contestedAt: clock.now(),
      arbitrationOpenedAt: null,
    });
    expect((await messagesOf(app.id)).at(-1)).toMatchObject({
      type: "work_not_done",
      senderId: app.brand.id,
      text: "The post is not live.",
    });
    expect(await notesOf(app.id, "work_not_done")).toEqual([{ userId: app.influencer.id, senderId: app.brand.id }]);
    expect(await requestsOf(app.id)).toEqual([
      expect.objectContaining({
        kind: "contest",
        userId: app.brand.id,
        text: "The post is not live.",
        resolvedAt: null,
      }),
    ]);
    const [mail] = await fixture.db
      .select()
      .from(outgoingMail)
      .where(
        eq(
          outgoingMail.subject,
          `Arbitration #${(await requestsOf(app.id))[0]?.id} on application #${app.id} (Summer launch)`,
        ),
      );
    expect(mail?.text).toContain("The post is not live.");
    const page = await app.callers.influencer.applications.get({ id: app.id });
    expect(page).toMatchObject({ caseOpen: true, countdown: { state: "paused", remainingMs: left } });
    // The chat shows the brand's words with the line.
    const chat = await app.callers.influencer.chat.page({ id: app.id });
    expect(chat.messages[0]).toMatchObject({ type: "work_not_done", text: "The post is not live." });
  });

  it("says the default text to support when the brand gives none", async () => {
    const app = await delivered();
    await app.callers.brand.applications.workNotDone({ id: app.id });
    expect((await requestsOf(app.id))[0]?.text).toBe(
      "The brand says the work is not done: the content is not published.",
    );
    expect((await messagesOf(app.id)).at(-1)).toMatchObject({ type: "work_not_done", text: null });
  });

  it("is the brand's only, once the work is done, once, and before the window ends", async () => {
    const paid = await paidApplication(fixture.db, clock);
    expect(await callFailure(paid.callers.brand.applications.workNotDone({ id: paid.id }))).toMatchObject({
      reason: "not_allowed_yet",
    });
    const app = await delivered();
    const undone = (caller: keyof Paid["callers"]) =>
      callFailure(app.callers[caller].applications.workNotDone({ id: app.id }));
    expect(await undone("influencer")).toMatchObject({ reason: "forbidden" });
    expect(await undone("adminAsInfluencer")).toMatchObject({ reason: "forbidden" });
    expect(await undone("otherBrand")).toMatchObject({ reason: "not_found" });
    expect(await undone("visitor")).toMatchObject({ reason: "unauthorized" });
    await app.callers.adminAsBrand.applications.workNotDone({ id: app.id });
    expect(await undone("brand")).toMatchObject({ code: "CONFLICT", reason: "conflict" });

    const late = await delivered();
    clock.advance(RELEASE_WINDOW_MS);
    expect(await callFailure(late.callers.brand.applications.workNotDone({ id: late.id }))).toMatchObject({
      reason: "closed",
    });
  });

  it("refuses a text over 5,000 characters", async () => {
    const app = await delivered();
    expect(
      await callFailure(app.callers.brand.applications.workNotDone({ id: app.id, text: "x".repeat(5001) })),
    ).toMatchObject({ reason: "invalid", issues: ["text"] });
  });
});

describe("delivering again after a contest", () => {
  it("restarts the full window, settles the contest and starts the reminders over", async () => {
    const app = await delivered();
    clock.advance(8 * DAY_MS);
    await fixture.db.update(applications).set({ releaseRemindersSent: 1 }).where(eq(applications.id, app.id));
    await app.callers.brand.applications.workNotDone({ id: app.id });
    clock.advance(DAY_MS);
    const result = await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    expect(result.countdown).toEqual({
      state: "running",
      releaseDate: at(RELEASE_WINDOW_MS),
      remainingMs: RELEASE_WINDOW_MS,
    });
    expect(await rowOf(app.id)).toMatchObject({ contestedAt: null, releaseRemainingMs: null, releaseRemindersSent: 0 });
    expect((await requestsOf(app.id)).map((request) => request.resolvedAt)).toEqual([clock.now()]);
    // The brand may contest the new delivery.
    await app.callers.brand.applications.workNotDone({ id: app.id });
  });
});

describe("a request for arbitration and the admin's close", () => {
  it("pauses a running countdown; the influencer cannot restart it; closing the case resumes the time left", async () => {
    const app = await delivered();
    clock.advance(3 * DAY_MS);
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "The brand does not answer" });
    const left = RELEASE_WINDOW_MS - 3 * DAY_MS;
    expect(await rowOf(app.id)).toMatchObject({
      moneyReleaseDate: null,
      releaseRemainingMs: left,
      arbitrationOpenedAt: clock.now(),
    });
    expect((await app.callers.brand.applications.get({ id: app.id })).countdown).toEqual({
      state: "paused",
      remainingMs: left,
      pausedBy: ["arbitration"],
    });
    expect(
      await callFailure(
        app.callers.influencer.applications.workDone({ id: app.id, deliverables: sandboxDeliverables(["instagram"]) }),
      ),
    ).toMatchObject({
      reason: "conflict",
    });
    // A second request and a contest while paused keep the time left.
    clock.advance(DAY_MS);
    await app.callers.brand.chat.requestArbitration({ id: app.id, text: "And the post is missing" });
    await app.callers.brand.applications.workNotDone({ id: app.id });
    expect(await rowOf(app.id)).toMatchObject({ releaseRemainingMs: left });
    expect((await app.callers.brand.applications.get({ id: app.id })).countdown).toMatchObject({
      pausedBy: ["contest", "arbitration"],
    });

    clock.advance(DAY_MS);
    const admin = app.callers.adminAsBrand;
    const result = await admin.admin.closeCase({ id: app.id });
    expect(result.countdown).toEqual({ state: "running", releaseDate: at(left), remainingMs: left });
    expect(await rowOf(app.id)).toMatchObject({
      contestedAt: null,
      arbitrationOpenedAt: null,
      releaseRemainingMs: null,
    });
    expect((await requestsOf(app.id)).every((request) => request.resolvedAt?.getTime() === clock.now().getTime())).toBe(
      true,
    );
    expect((await messagesOf(app.id)).at(-1)).toMatchObject({
      type: "case_closed",
      senderId: null,
      impersonatorId: app.admin.id,
      payload: { type: "case_closed", moneyReleaseDate: at(left).toISOString() },
    });
    expect((await notesOf(app.id, "case_closed")).map((note) => note.userId).sort()).toEqual(
      [app.brand.id, app.influencer.id].sort(),
    );
    const audit = await auditOf(app.id, "close_case");
    expect(audit).toMatchObject({
      adminId: app.admin.id,
      impersonatedUserId: app.brand.id,
      targetType: "application",
      details: { contested: true, resumedWithMs: left },
    });
    expect((audit?.details as { requests: number[] } | undefined)?.requests).toHaveLength(3);
  });

  it("pauses from the start a delivery made while a request is open", async () => {
    const app = await paidApplication(fixture.db, clock);
    await app.callers.brand.chat.requestArbitration({ id: app.id, text: "Where is the draft?" });
    const result = await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    expect(result.countdown).toEqual({ state: "paused", remainingMs: RELEASE_WINDOW_MS, pausedBy: ["arbitration"] });
    expect((await messagesOf(app.id)).at(-1)?.payload).toEqual({
      type: "work_done",
      moneyReleaseDate: at(RELEASE_WINDOW_MS).toISOString(),
    });
  });

  it("closes a case of any status without a countdown, for an impersonating admin only", async () => {
    const app = await waitingApplication(fixture.db, clock);
    expect(await callFailure(app.callers.adminAsInfluencer.admin.closeCase({ id: app.id }))).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "Help" });
    for (const caller of ["brand", "influencer"] as const) {
      expect(await callFailure(app.callers[caller].admin.closeCase({ id: app.id }))).toMatchObject({
        reason: "forbidden",
      });
    }
    expect(await callFailure(app.callers.visitor.admin.closeCase({ id: app.id }))).toMatchObject({
      reason: "unauthorized",
    });
    const result = await app.callers.adminAsInfluencer.admin.closeCase({ id: app.id });
    expect(result).toMatchObject({ status: "WAITING", countdown: null });
    expect((await messagesOf(app.id)).at(-1)?.payload).toEqual({ type: "case_closed", moneyReleaseDate: null });
    expect((await rowOf(app.id)).arbitrationOpenedAt).toBeNull();
  });
});

describe("release (POST /api/applications/{id}/release)", () => {
  it("moves the money of money.md: escrow back to 0, the influencer +I, the platform B - I", async () => {
    const app = await delivered();
    clock.advance(HOUR_MS);
    const result = await app.callers.brand.applications.release({ id: app.id });
    expect(result).toMatchObject({ id: app.id, status: "COMPLETE", countdown: null });
    // P = $1,250, fees 10 %: B = 137,500, I = 112,500.
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
    expect(await accountBalance(fixture.db, ledgerAccount.influencer(app.influencer.id))).toBe(112_500);
    expect(await ledgerOf(app.id, "release")).toEqual({
      keys: [`release:${app.id}`],
      entries: {
        [app.escrow]: -137_500,
        [ledgerAccount.influencer(app.influencer.id)]: 112_500,
        [ledgerAccount.platformFees]: 25_000,
      },
    });
    expect(await rowOf(app.id)).toMatchObject({ status: "COMPLETE", releasedAt: clock.now() });
    expect((await messagesOf(app.id)).at(-1)).toMatchObject({
      type: "money_released",
      senderId: app.brand.id,
      payload: { type: "money_released", automatic: false },
    });
    expect(await notesOf(app.id, "money_released")).toEqual([{ userId: app.influencer.id, senderId: app.brand.id }]);
    expect(await app.callers.influencer.account.balance()).toEqual({ balanceCents: 112_500 });
  });

  it("rounds I with the influencer fee fixed on the application, half up", async () => {
    // P = 125,000 with a 12.5 % influencer fee: I = 109,375, the platform keeps 137,500 - 109,375 = 28,125.
    const app = await paidApplication(fixture.db, clock, { feeInfluencer: 12.5 });
    await app.callers.brand.applications.release({ id: app.id });
    expect((await ledgerOf(app.id, "release")).entries).toEqual({
      [app.escrow]: -137_500,
      [ledgerAccount.influencer(app.influencer.id)]: 109_375,
      [ledgerAccount.platformFees]: 28_125,
    });
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
  });

  it("may come before work done or while paused, and only once", async () => {
    const early = await paidApplication(fixture.db, clock);
    await early.callers.adminAsBrand.applications.release({ id: early.id });
    expect(await callFailure(early.callers.brand.applications.release({ id: early.id }))).toMatchObject({
      reason: "closed",
    });
    const paused = await delivered();
    await paused.callers.brand.applications.workNotDone({ id: paused.id });
    await paused.callers.brand.applications.release({ id: paused.id });
    expect(await rowOf(paused.id)).toMatchObject({ status: "COMPLETE", releaseRemainingMs: null, contestedAt: null });
    expect(await accountBalance(fixture.db, paused.escrow)).toBe(0);
  });

  it("is the brand's only", async () => {
    const app = await delivered();
    const release = (caller: keyof Paid["callers"]) =>
      callFailure(app.callers[caller].applications.release({ id: app.id }));
    expect(await release("influencer")).toMatchObject({ reason: "forbidden" });
    expect(await release("adminAsInfluencer")).toMatchObject({ reason: "forbidden" });
    expect(await release("otherBrand")).toMatchObject({ reason: "not_found" });
    expect(await release("otherInfluencer")).toMatchObject({ reason: "not_found" });
    expect(await release("visitor")).toMatchObject({ reason: "unauthorized" });
    const waiting = await waitingApplication(fixture.db, clock);
    expect(await callFailure(waiting.callers.brand.applications.release({ id: waiting.id }))).toMatchObject({
      reason: "not_allowed_yet",
    });
    expect(await accountBalance(fixture.db, app.escrow)).toBe(app.brandCents);
  });
});
