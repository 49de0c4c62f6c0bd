import type { CaseDecision, CaseView } from "@market/contracts";
import { type Application, alias, applications, type Db, deals, eq, users } from "@market/db";
import { fail } from "../../../errors";
import { decide, PRECONDITIONS } from "../../applications/lifecycle/transitions";
import { applicationDelivery } from "../../deliveries/delivery-view";
import { caseKindsOf } from "./open-case";
import { brandReliability, influencerReliability } from "./reliability";
import { type CaseRecord, caseRecord } from "./timeline";

const brand = alias(users, "case_brand");
const influencer = alias(users, "case_influencer");

/** The console's decisions as the lifecycle actions they take. */
export const DECISION_ACTIONS = { release: "release", refund: "refund", close: "closeCase" } as const;

/**
 * The decisions the lifecycle table allows now on an open case, to the admin acting on the brand's side (the
 * console's admin takes the brand's release, and the impersonator's refund and close): none once it is decided.
 */
export function allowedDecisions(application: Application, now: Date): CaseDecision[] {
  if (!PRECONDITIONS.caseOpen.holds(application)) return [];
  const actor = { role: "brand", impersonating: true } as const;
  return (Object.keys(DECISION_ACTIONS) as CaseDecision[]).filter(
    (decision) => decide(application, DECISION_ACTIONS[decision], actor, now).ok,
  );
}

/** The hire with its deal and parties; not_found for an unknown id. */
export async function caseHeader(db: Db, applicationId: number) {
  const [row] = await db
    .select({ application: applications, dealTitle: deals.title, brand, influencer })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(brand, eq(brand.id, applications.brandId))
    .innerJoin(influencer, eq(influencer.id, applications.influencerId))
    .where(eq(applications.id, applicationId));
  if (!row) fail("not_found", "No application has this id.");
  return row;
}
export type CaseHeader = Awaited<ReturnType<typeof caseHeader>>;

export interface CaseFile {
  view: CaseView;
  record: CaseRecord;
}

/** A case as the console reads it (issue 36, point 3): any application, open case or not, for the record. */
export async function caseFile(deps: { db: Db; clock: { now(): Date } }, applicationId: number): Promise<CaseFile> {
  const { application, dealTitle, brand: b, influencer: i } = await caseHeader(deps.db, applicationId);
  const [record, brandRecord, influencerRecord, delivery] = await Promise.all([
    caseRecord(deps.db, application, i.username),
    brandReliability(deps.db, b.id),
    influencerReliability(deps.db, i.id),
    applicationDelivery(deps.db, application.id),
  ]);
  const openedAt = [application.contestedAt, application.arbitrationOpenedAt]
    .filter((at): at is Date => at !== null)
    .sort((x, y) => x.getTime() - y.getTime())[0];
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const view: CaseView = {
    applicationId: application.id,
    dealId: application.dealId,
    dealTitle,
    status: application.status,
    kinds: caseKindsOf(application),
    openedAt: iso(openedAt ?? null),
    createdAt: application.createdAt.toISOString(),
    paidAt: iso(application.paidAt),
    paidAmountCents: application.paidAmountCents,
    moneyReleaseDate: iso(application.moneyReleaseDate),
    releaseRemainingMs: application.releaseRemainingMs,
    releasedAt: iso(application.releasedAt),
    refundedAt: iso(application.refundedAt),
    brand: { id: b.id, username: b.username, email: b.email, reliability: brandRecord },
    influencer: { id: i.id, username: i.username, email: i.email, reliability: influencerRecord },
    decisions: allowedDecisions(application, deps.clock.now()),
    timeline: record.timeline,
    ledger: record.ledger,
    files: record.files.map(({ storageKey: _key, contentType: _type, ...file }) => file),
    delivery,
  };
  return { view, record };
}

/** The case page's answer. */
export async function getCase(deps: { db: Db; clock: { now(): Date } }, input: { applicationId: number }) {
  return (await caseFile(deps, input.applicationId)).view;
}
