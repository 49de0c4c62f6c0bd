/** The brand's campaign screens (spec section 2); the wizard's own routes live in features/campaigns/wizard. */
export const CAMPAIGNS_PATH = "/campaigns";
export const NEW_CAMPAIGN_PATH = "/campaigns/new";
export const campaignPath = (id: number) => `/campaigns/${id}`;
export const editCampaignPath = (id: number) => `/campaigns/${id}/edit`;
