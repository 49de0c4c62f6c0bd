import { CASE_KINDS, type CaseKind, type CasesListInput, type CasesPage, casesListInput } from "@market/contracts";

/** The cases queue's state in the URL: the kind and the party searched, each dropped when invalid. */
export interface CasesSearch {
  kind?: CaseKind;
  party?: string;
}

export function casesSearchOf(raw: Record<string, unknown>): CasesSearch {
  const search: CasesSearch = {};
  if (CASE_KINDS.includes(raw.kind as CaseKind)) search.kind = raw.kind as CaseKind;
  if (typeof raw.party === "string" && casesListInput.shape.party.safeParse(raw.party).success) {
    search.party = raw.party.trim();
  }
  return search;
}

/** The procedure's input of a state (the query key the screen and its loader share). */
export const casesInputOf = (search: CasesSearch): Omit<CasesListInput, "cursor"> => ({
  kind: search.kind,
  party: search.party,
});

export const CASES_PAGES = { getNextPageParam: (page: CasesPage) => page.nextCursor } as const;

/** A duration in ms as days and hours ("3 d 4 h", "5 h"): the queue's deadlines and ages. */
export function daysHours(ms: number): { days: number; hours: number } {
  const hours = Math.max(0, Math.floor(ms / 3_600_000));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** GET /admin/api/cases/{applicationId}/evidence.zip */
export const evidenceHref = (applicationId: number) => `/admin/api/cases/${applicationId}/evidence.zip`;

/** Each kind's name on the screens. */
export const CASE_KIND_KEYS = {
  contest: "CONSOLE_CASES.KIND_CONTEST",
  arbitration: "CONSOLE_CASES.KIND_ARBITRATION",
} as const satisfies Record<CaseKind, string>;
