import { type ApiKeyAccess, type ApiKeyArea, type ApiKeyScope, scopeOf } from "@market/contracts";
import { ReasonError } from "./errors";

/**
 * What an API key needs to call each procedure (issue 39), in one table: an area and read or write, or `session`
 * for what only a signed-in person may do (managing keys, signing in and out, impersonation, the console). A
 * procedure missing here fails procedure-scopes.test.ts, which enumerates the router; an unknown path is refused to
 * a key, so a forgotten row never opens a door.
 *
 * Areas: campaigns (a brand's campaigns, the campaign and influencer searches, invitations), applications (proposals,
 * their lifecycle, chat, feedback, notifications of them), payments (card, checkout: hiring and releasing pay),
 * earnings (the influencer's earnings, statements and payouts), networks (linked accounts), account (profile,
 * settings, onboarding, standing, help, password).
 */
export type ProcedureScope = readonly [ApiKeyArea, ApiKeyAccess] | "session";

const read = <Area extends ApiKeyArea>(area: Area) => [area, "read"] as const;
const write = <Area extends ApiKeyArea>(area: Area) => [area, "write"] as const;

export const PROCEDURE_SCOPES: Record<string, ProcedureScope> = {
  "account.me": read("account"),
  "account.balance": read("earnings"),
  "account.card": read("payments"),
  "account.forgetCard": write("payments"),
  "account.onboardingSeen": write("account"),
  "account.saveOnboardingProfile": write("account"),
  "account.flag": read("account"),
  "account.appealFlag": write("account"),

  "keys.list": "session",
  "keys.create": "session",
  "keys.revoke": "session",
  "keys.roll": "session",

  // Webhooks (issue 39) are the account's: a script with the account scope may register the endpoint it listens on.
  "webhooks.list": read("account"),
  "webhooks.deliveries": read("account"),
  "webhooks.create": write("account"),
  "webhooks.remove": write("account"),
  "webhooks.rollSecret": write("account"),
  "webhooks.test": write("account"),
  "webhooks.resend": write("account"),
  "webhooks.pause": write("account"),
  "webhooks.resume": write("account"),

  "applications.get": read("applications"),
  "applications.create": write("applications"),
  "applications.update": write("applications"),
  "applications.list": read("applications"),
  "applications.ofCampaign": read("applications"),
  "applications.requestChanges": write("applications"),
  "applications.decline": write("applications"),
  // Hiring charges the brand's card and releasing pays the influencer: money moves, so payments.
  "applications.accept": write("payments"),
  "applications.workDone": write("applications"),
  "applications.workNotDone": write("applications"),
  "applications.release": write("payments"),
  "applications.feedback": read("applications"),
  "applications.leaveFeedback": write("applications"),
  // The brand's receipt of what it paid for a hire (issue 40).
  "applications.receipt": read("payments"),

  "auth.signUp": "session",
  "auth.login": "session",
  "auth.logout": "session",
  "auth.requestPasswordReset": "session",
  "auth.resetPassword": "session",
  // Asks for the current password, key or not (change-password.ts).
  "auth.changePassword": write("account"),
  "auth.impersonate": "session",
  "auth.stopImpersonating": "session",

  "chat.page": read("applications"),
  "chat.send": write("applications"),
  "chat.requestArbitration": write("applications"),

  "deals.create": write("campaigns"),
  "deals.update": write("campaigns"),
  "deals.pause": write("campaigns"),
  "deals.resume": write("campaigns"),
  "deals.remove": write("campaigns"),
  "deals.mine": read("campaigns"),
  "deals.search": read("campaigns"),
  "deals.get": read("campaigns"),

  // A brand's public profile (issue 40, point 2): read with the campaigns an influencer finds.
  "brands.profile": read("campaigns"),

  "earnings.list": read("earnings"),
  "earnings.statement": read("earnings"),
  // Asks for the password, key or not (request-payout.ts).
  "earnings.requestPayout": write("earnings"),
  // A retry to the same destination asks for no password (the failed payout's did): a key may not send money on
  // its own, so this one stays a session's.
  "earnings.retryPayout": "session",
  "earnings.payouts": read("earnings"),
  "earnings.payout": read("earnings"),
  "earnings.payoutReceipt": read("earnings"),

  "hires.list": read("payments"),
  "hires.statement": read("payments"),

  "influencers.search": read("campaigns"),
  "influencers.get": read("campaigns"),
  "influencers.own": read("account"),
  "influencers.invite": write("campaigns"),

  "payments.config": read("payments"),
  "payments.sandboxToken": write("payments"),
  "payments.sandboxAuthenticate": write("payments"),

  "networks.list": read("networks"),
  "networks.add": write("networks"),
  "networks.remove": write("networks"),
  "networks.refresh": write("networks"),
  "networks.choose": write("networks"),
  "networks.instagramCode": write("networks"),
  "networks.startLink": write("networks"),
  "networks.finishLink": write("networks"),
  "networks.verifyInstagram": write("networks"),
  "networks.refreshInstagram": write("networks"),

  "notifications.list": read("applications"),
  "notifications.seen": write("applications"),
  "notifications.seeApplication": write("applications"),
  "notifications.seenChanges": read("applications"),
  "notifications.stream": read("applications"),

  // The brand's campaign reports (issue 40): what its campaigns' hires cost and gathered, read like its campaigns.
  "reports.campaign": read("campaigns"),
  "reports.period": read("campaigns"),
  "reports.csv": read("campaigns"),

  "settings.get": read("account"),
  "settings.save": write("account"),

  "support.askForHelp": write("account"),

  // Reviews both ways (issue 40, point 3): the influencer's review of the brand, the profiles' published reviews.
  "applications.review": read("applications"),
  "applications.writeReview": write("applications"),
  "reviews.ofBrand": read("campaigns"),
  "reviews.ofInfluencer": read("campaigns"),
  "reviews.report": write("applications"),
};

/** The console's procedures (issue 36): an admin's own session only, and admins have no keys. */
const CONSOLE_PREFIX = "admin.";

/** What a key needs for a procedure: its table row, `session` for the console and for any path not in the table. */
export function procedureScope(path: string): ProcedureScope {
  if (path.startsWith(CONSOLE_PREFIX)) return "session";
  return Object.hasOwn(PROCEDURE_SCOPES, path) ? (PROCEDURE_SCOPES[path] as ProcedureScope) : "session";
}

/** Why a key may not make a call: `session_required`, or `scope` naming the scope it lacks; null when it may. */
export function keyRefusal(scopes: readonly ApiKeyScope[], needed: ProcedureScope, what: string): ReasonError | null {
  if (needed === "session") {
    return new ReasonError("session_required", `${what} needs a signed-in session; API keys cannot call it.`);
  }
  const scope = scopeOf(needed[0], needed[1]);
  return scopes.includes(scope) ? null : new ReasonError("scope", `This key lacks the scope ${scope}.`);
}

/**
 * The same rule for a route that calls its service directly (the multipart uploads): a key's request outside
 * `needed` is refused; a session's passes.
 */
export function refuseKeyOutside(
  apiKey: { scopes: readonly ApiKeyScope[] } | null | undefined,
  needed: ProcedureScope,
  what: string,
): void {
  if (!apiKey) return;
  const refusal = keyRefusal(apiKey.scopes, needed, what);
  if (refusal) throw refusal;
}
