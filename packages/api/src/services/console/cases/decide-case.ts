import {
  applicationPath,
  type CaseDecision,
  type CaseDecisionInput,
  type CaseView,
  formatUsd,
} from "@market/contracts";
import { and, arbitrationRequests, type Db, eq, isNull } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { auditAdminAction } from "../../admin/audit";
import { closeCase } from "../../admin/close-case";
import { refund } from "../../admin/refund";
import { applyAction } from "../../applications/lifecycle/apply-action";
import { PRECONDITIONS } from "../../applications/lifecycle/transitions";
import { releasedFields, releaseMoney } from "../../applications/release-money";
import type { Mailer } from "../../mail/mailer";
import type { PaymentGateway } from "../../payments/gateway";
import { type CaseHeader, caseHeader, getCase } from "./get-case";

export type DecideCaseDeps = { db: Db; clock: Clock; payments: PaymentGateway; mailer: Mailer; publicUrl: string };

/**
 * The console's admin acts on a case through the brand's side of the lifecycle table, marked as the admin (the
 * impersonator of the chat line and of the table's checks): the brand's release, the impersonator's refund and
 * close, under the row lock, with their ledger movements. The audit records that the admin acted as nobody.
 */
const onBrandSide = (header: CaseHeader, adminId: number) => ({
  userId: header.application.brandId,
  impersonatorId: adminId,
});

/**
 * Release to the influencer: the brand's release transition (PROGRESS to COMPLETE, the ledger's release: escrow -B,
 * influencer +I, fees +(B - I)), with the admin's reason on its chat line; the case is settled with it (the open
 * requests for arbitration resolved, the contest ended by the transition's clock), and audited, in one transaction.
 */
async function releaseCase(deps: DecideCaseDeps, adminId: number, header: CaseHeader, reason: string) {
  const fields = (now: Date) => ({ ...releasedFields(now), arbitrationOpenedAt: null });
  await applyAction(
    deps,
    onBrandSide(header, adminId),
    header.application.id,
    "release",
    async (context) => {
      const { tx, application, now } = context;
      // The brand's own release needs no case; the console releases only to decide one (read under the lock).
      if (!PRECONDITIONS.caseOpen.holds(application)) fail("conflict", PRECONDITIONS.caseOpen.message);
      await releaseMoney(
        { ...context, postMessage: (line) => context.postMessage({ ...line, text: reason }) },
        { automatic: false },
      );
      const settled = await tx
        .update(arbitrationRequests)
        .set({ resolvedAt: now })
        .where(and(eq(arbitrationRequests.applicationId, application.id), isNull(arbitrationRequests.resolvedAt)))
        .returning({ id: arbitrationRequests.id });
      await auditAdminAction(tx, {
        adminId,
        impersonatedUserId: null,
        action: "case_release",
        targetType: "application",
        targetId: application.id,
        details: {
          amountCents: application.paidAmountCents,
          contested: application.contestedAt !== null,
          settledRequests: settled.map((request) => request.id).sort((a, b) => a - b),
        },
        reason,
        at: now,
      });
    },
    fields,
  );
}

/**
 * The refund decision, in one function: the gateway's refund of the brand (services/admin/refund.ts, whose
 * three steps and semantics stay), taken from the console with the reason. A two-person rule for large refunds
 * wraps this function.
 */
export async function refundCase(deps: DecideCaseDeps, adminId: number, header: CaseHeader, reason: string) {
  await refund(
    deps,
    { adminId, viewer: onBrandSide(header, adminId), reason, fromConsole: true },
    { id: header.application.id },
  );
}

async function closeCaseFromConsole(deps: DecideCaseDeps, adminId: number, header: CaseHeader, reason: string) {
  await closeCase(
    deps,
    { adminId, viewer: onBrandSide(header, adminId), reason, fromConsole: true },
    { id: header.application.id },
  );
}

const DECIDE: Record<
  CaseDecision,
  (deps: DecideCaseDeps, adminId: number, header: CaseHeader, reason: string) => Promise<void>
> = { release: releaseCase, refund: refundCase, close: closeCaseFromConsole };

const DECISION_WORDS: Record<CaseDecision, (header: CaseHeader) => string> = {
  release: (header) => `The platform released the money of this hire to ${header.influencer.username}.`,
  refund: (header) =>
    `The platform refunded ${header.brand.username} ${formatUsd(header.application.paidAmountCents)}: the hire is cancelled.`,
  close: () => "The platform closed the case: the hire goes on where it stood.",
};

/**
 * The decision and its reason, mailed to both parties (they read it in the chat too): queued together once the
 * decision is committed (the refund's steps run their own transactions, around the gateway's call), and sent by
 * the mail job.
 */
async function mailParties(deps: DecideCaseDeps, header: CaseHeader, decision: CaseDecision, reason: string) {
  const deal = `"${header.dealTitle}"`;
  const parties = [header.brand, header.influencer];
  await deps.db.transaction(async (tx) => {
    for (const party of parties) {
      await deps.mailer.queue(tx, {
        to: party.email,
        subject: `A decision on the case about ${deal}`,
        text: [
          `Hello ${party.username},`,
          "",
          DECISION_WORDS[decision](header),
          "",
          `The platform's reason: ${reason}`,
          "",
          `${deps.publicUrl}${applicationPath(party.kind, header.application.id)}`,
        ].join("\n"),
      });
    }
  });
}

/**
 * The console's case page (tRPC only: a decision is a person's, with a confirmation). An admin in their own
 * session decides an open case (issue 36, point 3): release to the influencer, refund the brand, or close the case,
 * with a reason both parties read (the chat line's text, a mail) and the audit keeps. The lifecycle table decides
 * whether it may be taken (conflict when the case is no longer open or was decided meanwhile). Answers the case as
 * it now stands.
 */
export async function decideCase(deps: DecideCaseDeps, adminId: number, input: CaseDecisionInput): Promise<CaseView> {
  const header = await caseHeader(deps.db, input.applicationId);
  // The refund itself needs no case (an impersonating admin refunds any paid hire): here it decides one.
  if (!PRECONDITIONS.caseOpen.holds(header.application)) fail("conflict", PRECONDITIONS.caseOpen.message);
  await DECIDE[input.decision](deps, adminId, header, input.reason);
  await mailParties(deps, header, input.decision, input.reason);
  return getCase(deps, input);
}
