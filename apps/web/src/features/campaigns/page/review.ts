import { MAX_ROW_ID, type ReviewStatus } from "@market/contracts";

export type ReviewDecision = "OK" | "KO";

/** Spec section 4: approve (OK) from NONE or KO, reject (KO) from NONE or OK. */
export function reviewDecisions(status: ReviewStatus): Record<ReviewDecision, boolean> {
  return { OK: status !== "OK", KO: status !== "KO" };
}

/** The id of /campaigns/{id}: a positive whole number, or null for anything else (the page says not found). */
export function parseCampaignId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ROW_ID ? id : null;
}
