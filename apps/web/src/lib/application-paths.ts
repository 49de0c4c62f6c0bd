import type { AccountKind } from "@market/contracts";

/**
 * Where the applications live (spec section 2): a brand reads one at /applications/{id} and a campaign's
 * applicants at /campaigns/{id}/applications; an influencer reads its own at /proposals/{id}. Shared by the
 * lists, the campaign page and the application page.
 */
const APPLICATIONS_PATH = "/applications";
const PROPOSALS_PATH = "/proposals";

/** The page of one application for the viewer's kind. */
export const applicationPath = (kind: AccountKind, id: number): string =>
  kind === "brand" ? `${APPLICATIONS_PATH}/${id}` : `${PROPOSALS_PATH}/${id}`;

/** The applicants of one of the brand's campaigns. */
export const campaignApplicationsPath = (campaignId: number): string => `/campaigns/${campaignId}/applications`;
