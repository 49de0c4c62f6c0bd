/**
 * A campaign's applicants live at /campaigns/{id}/applications (spec section 2); one application's page, which the
 * server's mails link to as well, is the contracts' applicationPath.
 */
export const campaignApplicationsPath = (campaignId: number): string => `/campaigns/${campaignId}/applications`;
