import { eq, refundRequests } from "@market/db";
import { describe, expect, it } from "vitest";
import { callerFor, callFailure, countingGateway, createAdminUser } from "../../testing";
import { useHireFixture } from "../../testing/hire-fixture";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { sandboxGateway } from "../payments/sandbox/sandbox-gateway";

const fixture = useHireFixture();
const { clock, auditOf, rowOf } = fixture;

/** A delivered $1,375 hire (B) and callers under a $1,000 threshold: the requester acting as the brand, a second admin. */
async function hireAbove(thresholdCents = 100_000) {
  const counted = countingGateway(sandboxGateway({ db: fixture.db, clock }));
  const app = await fixture.delivered({ payments: counted.gateway });
  const deps = { refundApprovalThresholdCents: thresholdCents };
  const as = (userId: number, impersonatorId?: number) =>
    callerFor(fixture.db, { userId, impersonatorId }, clock, undefined, undefined, counted.gateway, deps);
  const second = await createAdminUser(fixture.db);
  return {
    ...app,
    calls: counted.calls,
    requester: await as(app.brand.id, app.admin.id),
    requesterOwn: await as(app.admin.id),
    second: await as(second.id),
    secondId: second.id,
  };
}

describe("the two-person rule for refunds (issue 36, point 4)", () => {
  it("refunds at once at or below the threshold", async () => {
    const app = await hireAbove(137_500);
    const result = await app.requester.admin.refund({ id: app.id });
    expect(result).toMatchObject({ id: app.id, status: "DENIED" });
    expect(app.calls.refund).toBe(1);
    expect(await fixture.db.select().from(refundRequests).where(eq(refundRequests.applicationId, app.id))).toEqual([]);
  });

  it("above it, records a pending request and moves nothing; asking again answers the same request", async () => {
    const app = await hireAbove();
    const answer = await app.requester.admin.refund({ id: app.id, reason: "The brand never got the post" });
    expect(answer).toEqual({
      status: "awaiting_second_approval",
      refundRequestId: expect.any(Number),
      amountCents: 137_500,
      thresholdCents: 100_000,
    });
    expect(app.calls.refund).toBe(0);
    expect(await accountBalance(fixture.db, app.escrow)).toBe(137_500);
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", refundedAt: null, refundRequestedAt: null });
    expect(await auditOf(app.id, "refund_request")).toMatchObject({
      adminId: app.admin.id,
      reason: "The brand never got the post",
      details: { amountCents: 137_500, thresholdCents: 100_000 },
    });
    expect(await app.requester.admin.refund({ id: app.id })).toMatchObject({
      refundRequestId: "refundRequestId" in answer ? answer.refundRequestId : -1,
    });
    // The queue shows it, oldest first; the requester may not decide it, the second admin may.
    const mine = await app.requesterOwn.admin.console.refunds.list({});
    expect(mine.requests.find((request) => request.applicationId === app.id)).toMatchObject({ mayDecide: false });
    const theirs = await app.second.admin.console.refunds.list({});
    expect(theirs.requests.find((request) => request.applicationId === app.id)).toMatchObject({
      mayDecide: true,
      amountCents: 137_500,
      reason: "The brand never got the post",
    });
  });

  it("the requester cannot approve; a second admin's approval refunds once and is recorded", async () => {
    const app = await hireAbove();
    const answer = await app.requester.admin.refund({ id: app.id, reason: "Duplicate payment" });
    const id = "refundRequestId" in answer ? answer.refundRequestId : -1;
    expect(await callFailure(app.requesterOwn.admin.console.refunds.approve({ id }))).toMatchObject({
      reason: "forbidden",
    });
    const approved = await app.second.admin.console.refunds.approve({ id, reason: "Checked the chat" });
    expect(approved).toMatchObject({ id, status: "executed", application: { id: app.id, status: "DENIED" } });
    expect(app.calls.refund).toBe(1);
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
    expect(await accountBalance(fixture.db, ledgerAccount.influencer(app.influencer.id))).toBe(0);
    expect(await auditOf(app.id, "refund")).toMatchObject({ adminId: app.secondId, impersonatedUserId: app.brand.id });
    const [row] = await fixture.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ status: "executed", decidedBy: app.secondId, decisionReason: "Checked the chat" });
    expect(await callFailure(app.second.admin.console.refunds.approve({ id }))).toMatchObject({ reason: "conflict" });
  });

  it("two approvals at once refund once", async () => {
    const app = await hireAbove();
    const answer = await app.requester.admin.refund({ id: app.id, reason: "Fraudulent hire" });
    const id = "refundRequestId" in answer ? answer.refundRequestId : -1;
    const third = await callerFor(
      fixture.db,
      { userId: (await createAdminUser(fixture.db)).id },
      clock,
      undefined,
      undefined,
      undefined,
      { refundApprovalThresholdCents: 100_000 },
    );
    const results = await Promise.allSettled([
      app.second.admin.console.refunds.approve({ id }),
      third.admin.console.refunds.approve({ id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(app.calls.refund).toBe(1);
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
  });

  it("a rejection needs a reason, moves nothing, and is recorded", async () => {
    const app = await hireAbove();
    const answer = await app.requester.admin.refund({ id: app.id, reason: "Asked by the brand" });
    const id = "refundRequestId" in answer ? answer.refundRequestId : -1;
    expect(await callFailure(app.second.admin.console.refunds.reject({ id, reason: "" }))).toMatchObject({
      reason: "invalid",
    });
    expect(await app.second.admin.console.refunds.reject({ id, reason: "The work was done" })).toEqual({
      id,
      status: "rejected",
    });
    expect(app.calls.refund).toBe(0);
    expect(await accountBalance(fixture.db, app.escrow)).toBe(137_500);
    expect(await callFailure(app.second.admin.console.refunds.approve({ id }))).toMatchObject({ reason: "conflict" });
  });
});
