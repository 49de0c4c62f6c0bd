import {
  acceptAnswer,
  adminRefundAnswer,
  apiKeyAnswer,
  apiKeyListAnswer,
  applicationListAnswer,
  applicationPageAnswer,
  auditPageAnswer,
  balanceAnswer,
  brandProfileAnswer,
  brandReviewAnswer,
  chatMessageAnswer,
  chatPageAnswer,
  createdApiKeyAnswer,
  dealAnswer,
  dealListAnswer,
  dealSearchAnswer,
  deliveryStepAnswer,
  earningsPageAnswer,
  feedbackAnswer,
  feedbackPageAnswer,
  hiresPageAnswer,
  idAnswer,
  influencerFlagAnswer,
  influencerProfileAnswer,
  influencerSearchAnswer,
  instagramCodeAnswer,
  inviteAnswer,
  meAnswer,
  networksAnswer,
  nothingAnswer,
  ownNetworkAnswer,
  ownProfileAnswer,
  paymentsConfigAnswer,
  payoutAnswer,
  payoutPageAnswer,
  payoutRequestedAnswer,
  proposalAnswer,
  queueCountsAnswer,
  reportAnswer,
  reviewListAnswer,
  reviewPageAnswer,
  sandboxAuthenticateAnswer,
  sandboxTokenAnswer,
  savedCardAnswer,
  settingsAnswer,
  signedInAnswer,
  userSearchPageAnswer,
  waitingActionAnswer,
  webhookDeliveryAnswer,
  webhookDeliveryPageAnswer,
  webhookEndpointAnswer,
  webhookEndpointListAnswer,
  webhookWithSecretAnswer,
} from "@market/contracts";
import type { z } from "zod";

/** The document's groups, in the order the reference page shows them. */
export const TAGS = [
  "Accounts",
  "Influencers",
  "Networks",
  "Campaigns",
  "Proposals",
  "Chat",
  "Delivery and feedback",
  "Payments",
  "Earnings and hires",
  "Reports",
  "Payouts",
  "Admin",
  "Keys and webhooks",
  "Reference",
] as const;
export type Tag = (typeof TAGS)[number];

/** What the document says of one operation beyond what the route and its procedure's schema tell. */
export interface OperationMeta {
  summary: string;
  tag: Tag;
  /** The schema of the answer's `data` (contracts answers/): required, so that no route answers what nobody described. */
  answer: z.ZodType;
}

/**
 * One row per REST route of rest/routes.ts, keyed as docs/api.md writes it (`GET /api/deals/{id}`): its summary,
 * group and answer. The input is never written here: it is the procedure's own schema (route-shape.ts).
 */
export const OPERATIONS: Record<string, OperationMeta> = {
  // Accounts
  "POST /api/signup": { tag: "Accounts", summary: "Sign up as a brand or an influencer", answer: signedInAnswer },
  "POST /api/login": { tag: "Accounts", summary: "Log in (sets the session cookie)", answer: signedInAnswer },
  "POST /api/logout": { tag: "Accounts", summary: "Log out", answer: nothingAnswer },
  "POST /api/reset-password": { tag: "Accounts", summary: "Mail a password reset link", answer: nothingAnswer },
  "POST /api/reset-password/confirm": {
    tag: "Accounts",
    summary: "Set a new password with a reset token",
    answer: nothingAnswer,
  },
  "POST /api/change-password": { tag: "Accounts", summary: "Change the password", answer: nothingAnswer },
  "GET /api/me": { tag: "Accounts", summary: "Who is calling", answer: meAnswer },
  "POST /api/onboarding/seen": { tag: "Accounts", summary: "Mark the onboarding seen", answer: nothingAnswer },
  "GET /api/balance": { tag: "Accounts", summary: "The influencer's available balance", answer: balanceAnswer },
  "GET /api/account/card": { tag: "Accounts", summary: "The brand's saved card", answer: savedCardAnswer },
  "POST /api/account/card/forget": { tag: "Accounts", summary: "Forget the saved card", answer: nothingAnswer },
  "GET /api/settings": { tag: "Accounts", summary: "The caller's settings", answer: settingsAnswer },
  "POST /api/settings": { tag: "Accounts", summary: "Save one section of the settings", answer: settingsAnswer },
  "POST /api/help": { tag: "Accounts", summary: "Ask support a question", answer: nothingAnswer },
  // Keys and webhooks (issue 39): the keys' own paths take a session, never a key.
  "GET /api/keys": { tag: "Keys and webhooks", summary: "The account's API keys", answer: apiKeyListAnswer },
  "POST /api/keys": {
    tag: "Keys and webhooks",
    summary: "Create an API key (its secret is answered once)",
    answer: createdApiKeyAnswer,
  },
  "POST /api/keys/{id}/revoke": {
    tag: "Keys and webhooks",
    summary: "Revoke an API key at once",
    answer: apiKeyAnswer,
  },
  "POST /api/keys/{id}/roll": {
    tag: "Keys and webhooks",
    summary: "Roll an API key: a new one, the old expiring",
    answer: createdApiKeyAnswer,
  },
  "GET /api/webhooks": {
    tag: "Keys and webhooks",
    summary: "The account's webhook endpoints",
    answer: webhookEndpointListAnswer,
  },
  "POST /api/webhooks": {
    tag: "Keys and webhooks",
    summary: "Register an endpoint (its secret is answered once)",
    answer: webhookWithSecretAnswer,
  },
  "POST /api/webhooks/{id}/remove": { tag: "Keys and webhooks", summary: "Remove an endpoint", answer: idAnswer },
  "POST /api/webhooks/{id}/roll-secret": {
    tag: "Keys and webhooks",
    summary: "Roll an endpoint's signing secret",
    answer: webhookWithSecretAnswer,
  },
  "POST /api/webhooks/{id}/test": {
    tag: "Keys and webhooks",
    summary: "Send a ping event to an endpoint",
    answer: webhookDeliveryAnswer,
  },
  "GET /api/webhooks/{id}/deliveries": {
    tag: "Keys and webhooks",
    summary: "An endpoint's delivery log",
    answer: webhookDeliveryPageAnswer,
  },
  "POST /api/webhooks/deliveries/{id}/resend": {
    tag: "Keys and webhooks",
    summary: "Send a delivery again",
    answer: webhookDeliveryAnswer,
  },
  // Webhook endpoints paused and resumed (issue 39 point 5).
  "POST /api/webhooks/{id}/pause": {
    tag: "Keys and webhooks",
    summary: "Pause an endpoint: its events are not recorded or sent",
    answer: webhookEndpointAnswer,
  },
  "POST /api/webhooks/{id}/resume": {
    tag: "Keys and webhooks",
    summary: "Resume a paused endpoint",
    answer: webhookEndpointAnswer,
  },
  // Influencers
  "POST /api/influencers/search": { tag: "Influencers", summary: "Search influencers", answer: influencerSearchAnswer },
  "GET /api/influencers/{id}": {
    tag: "Influencers",
    summary: "An influencer's profile",
    answer: influencerProfileAnswer,
  },
  "POST /api/influencers/invite": {
    tag: "Influencers",
    summary: "Invite an influencer to campaigns",
    answer: inviteAnswer,
  },
  // Networks
  "GET /api/networks": { tag: "Networks", summary: "The influencer's networks", answer: networksAnswer },
  "POST /api/networks": { tag: "Networks", summary: "Add a network by name", answer: ownNetworkAnswer },
  "POST /api/networks/remove": { tag: "Networks", summary: "Remove a network", answer: idAnswer },
  "POST /api/networks/refresh": {
    tag: "Networks",
    summary: "Read a network's statistics again",
    answer: ownNetworkAnswer,
  },
  "POST /api/networks/choose": {
    tag: "Networks",
    summary: "Keep one of the conflicting accounts of a type",
    answer: networksAnswer,
  },
  "POST /auth/instagram/token": {
    tag: "Networks",
    summary: "A code to put in the Instagram bio",
    answer: instagramCodeAnswer,
  },
  "GET /api/profile": { tag: "Networks", summary: "The influencer's own profile", answer: ownProfileAnswer },
  // Campaigns
  "POST /api/campaigns": { tag: "Campaigns", summary: "Create a campaign", answer: idAnswer },
  "POST /api/campaigns/{id}": { tag: "Campaigns", summary: "Update a campaign", answer: idAnswer },
  "POST /api/campaigns/{id}/pause": { tag: "Campaigns", summary: "Pause a campaign", answer: dealAnswer },
  "POST /api/campaigns/{id}/resume": { tag: "Campaigns", summary: "Resume a campaign", answer: dealAnswer },
  "POST /api/campaigns/{id}/delete": { tag: "Campaigns", summary: "Delete a campaign", answer: idAnswer },
  "GET /api/deals": { tag: "Campaigns", summary: "The brand's campaigns", answer: dealListAnswer },
  "GET /api/deals/{id}": { tag: "Campaigns", summary: "One campaign", answer: dealAnswer },
  "POST /api/deals/search": { tag: "Campaigns", summary: "Search open deals (influencers)", answer: dealSearchAnswer },
  "GET /api/brands/{id}": {
    tag: "Campaigns",
    summary: "A brand's public profile and reliability figures",
    answer: brandProfileAnswer,
  },
  "GET /api/campaigns/{id}/applications": {
    tag: "Campaigns",
    summary: "The applicants of one campaign",
    answer: applicationListAnswer,
  },
  // Proposals
  "GET /api/applications": { tag: "Proposals", summary: "My applications", answer: applicationListAnswer },
  "POST /api/applications": { tag: "Proposals", summary: "Send a proposal", answer: proposalAnswer },
  "GET /api/applications/{id}": { tag: "Proposals", summary: "The application page", answer: applicationPageAnswer },
  "POST /api/applications/{id}": { tag: "Proposals", summary: "Update a waiting proposal", answer: proposalAnswer },
  "POST /api/applications/{id}/changes": {
    tag: "Proposals",
    summary: "Ask for changes to a proposal",
    answer: waitingActionAnswer,
  },
  "POST /api/applications/{id}/decline": {
    tag: "Proposals",
    summary: "Decline a proposal",
    answer: waitingActionAnswer,
  },
  "POST /api/applications/{id}/accept": { tag: "Proposals", summary: "Hire and pay", answer: acceptAnswer },
  // Chat
  "GET /api/applications/{id}/messages": { tag: "Chat", summary: "A page of the chat", answer: chatPageAnswer },
  "POST /api/applications/{id}/messages": { tag: "Chat", summary: "Send a chat message", answer: chatMessageAnswer },
  "POST /api/applications/{id}/help": { tag: "Chat", summary: "Ask the platform to arbitrate", answer: idAnswer },
  // Delivery and feedback
  "POST /api/applications/{id}/done": {
    tag: "Delivery and feedback",
    summary: "Work done, with the posts' links",
    answer: deliveryStepAnswer,
  },
  "POST /api/applications/{id}/undone": {
    tag: "Delivery and feedback",
    summary: "Contest the work",
    answer: deliveryStepAnswer,
  },
  "POST /api/applications/{id}/release": {
    tag: "Delivery and feedback",
    summary: "Release the money",
    answer: deliveryStepAnswer,
  },
  "GET /api/applications/{id}/feedback": {
    tag: "Delivery and feedback",
    summary: "The feedback page",
    answer: feedbackPageAnswer,
  },
  "POST /api/applications/{id}/feedback": {
    tag: "Delivery and feedback",
    summary: "Leave feedback",
    answer: feedbackAnswer,
  },
  // Reviews both ways (issue 40, point 3)
  "GET /api/applications/{id}/review": {
    tag: "Delivery and feedback",
    summary: "The influencer's review page",
    answer: reviewPageAnswer,
  },
  "POST /api/applications/{id}/review": {
    tag: "Delivery and feedback",
    summary: "Review the brand (published with its feedback or at the window's close)",
    answer: brandReviewAnswer,
  },
  "GET /api/brands/{id}/reviews": {
    tag: "Delivery and feedback",
    summary: "The influencers' published reviews of a brand, newest first",
    answer: reviewListAnswer,
  },
  // Payments
  "GET /api/payments/config": {
    tag: "Payments",
    summary: "Stripe's publishable key, or the sandbox",
    answer: paymentsConfigAnswer,
  },
  "POST /api/payments/sandbox/tokens": {
    tag: "Payments",
    summary: "Tokenize a sandbox test card",
    answer: sandboxTokenAnswer,
  },
  "POST /api/payments/sandbox/authenticate": {
    tag: "Payments",
    summary: "The sandbox's card authentication step",
    answer: sandboxAuthenticateAnswer,
  },
  // Earnings and hires
  "GET /api/earnings": {
    tag: "Earnings and hires",
    summary: "The influencer's transactions",
    answer: earningsPageAnswer,
  },
  "GET /api/hires": { tag: "Earnings and hires", summary: "The brand's hires", answer: hiresPageAnswer },
  // Reports (issue 40)
  "GET /api/campaigns/{id}/report": { tag: "Reports", summary: "One campaign's report", answer: reportAnswer },
  "GET /api/reports": { tag: "Reports", summary: "The brand's report over a period", answer: reportAnswer },
  // Payouts
  "POST /api/earnings/payout": { tag: "Payouts", summary: "Request a payout", answer: payoutRequestedAnswer },
  "GET /api/earnings/payouts": { tag: "Payouts", summary: "The payouts tracker", answer: payoutPageAnswer },
  "GET /api/earnings/payouts/{id}": { tag: "Payouts", summary: "One payout", answer: payoutAnswer },
  "POST /api/earnings/payouts/{id}/retry": {
    tag: "Payouts",
    summary: "Retry a failed payout",
    answer: payoutRequestedAnswer,
  },
  // Admin
  "POST /admin/api/stop-impersonating": { tag: "Admin", summary: "Stop acting as a user", answer: nothingAnswer },
  "GET /admin/api/audit": { tag: "Admin", summary: "The audit log", answer: auditPageAnswer },
  "GET /admin/api/queues": { tag: "Admin", summary: "Each console queue's count", answer: queueCountsAnswer },
  "GET /admin/api/users": { tag: "Admin", summary: "Search users", answer: userSearchPageAnswer },
  "POST /admin/api/deals/{id}/ok": { tag: "Admin", summary: "Approve a campaign", answer: dealAnswer },
  "POST /admin/api/deals/{id}/ko": { tag: "Admin", summary: "Reject a campaign", answer: dealAnswer },
  "POST /admin/api/influencers/{id}/ok": {
    tag: "Admin",
    summary: "Lift an influencer's flag",
    answer: influencerFlagAnswer,
  },
  "POST /admin/api/influencers/{id}/ko": {
    tag: "Admin",
    summary: "Flag an influencer as fake",
    answer: influencerFlagAnswer,
  },
  "POST /admin/api/applications/{id}/close-case": {
    tag: "Admin",
    summary: "Close an arbitration case",
    answer: deliveryStepAnswer,
  },
  "POST /admin/api/applications/{id}/refund": { tag: "Admin", summary: "Refund the brand", answer: adminRefundAnswer },
};
