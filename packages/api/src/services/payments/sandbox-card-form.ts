import type { SandboxAuthenticateResult } from "@market/contracts";
import { and, applications, type Db, eq, paymentAttempts } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { type RateLimitDeps, throttle } from "../auth/rate-limit";
import type { PaymentGateway } from "./gateway";
import { isSandboxGateway, type SandboxGateway } from "./sandbox/sandbox-gateway";
import type { CardToTokenize } from "./sandbox/test-cards";
import { processWebhook } from "./webhooks";

/**
 * What the sandbox's card form in the browser calls instead of Stripe.js: tokenize a test card, and pass or fail
 * the card's authentication step. Both exist only while the sandbox is the gateway (not_found otherwise, as for
 * any path that does not exist), and only for brands, the only ones who pay.
 */

interface SandboxDeps extends RateLimitDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
}

function sandboxOf(deps: SandboxDeps): SandboxGateway {
  if (!isSandboxGateway(deps.payments)) fail("not_found");
  return deps.payments;
}

/** payments.sandboxToken: a refused card is `invalid` with the field and Stripe.js's message. */
export async function sandboxToken(
  deps: SandboxDeps,
  viewer: Viewer,
  card: CardToTokenize,
): Promise<{ token: string }> {
  const sandbox = sandboxOf(deps);
  // Each token is a row: a burst from one brand is abuse, not a checkout.
  await throttle(deps, [["sandboxTokensPerUser", String(viewer.userId)]]);
  // The token is the brand's: only its own payments may use it (sandbox-gateway.ts).
  const result = await sandbox.tokenize(card, viewer.userId);
  if (!result.ok) fail("invalid", result.message, [{ path: [result.field], message: result.message }]);
  return { token: result.token };
}

/**
 * payments.sandboxAuthenticate: the brand approves or fails the challenge of an intent of one of its own
 * applications (not_found for any other secret). The browser then calls accept with the intent as confirmToken;
 * before that, the event Stripe would send about the intent goes through the webhook processing, so that an
 * approved payment completes even if the browser goes away.
 */
export async function sandboxAuthenticate(
  deps: SandboxDeps,
  viewer: Viewer,
  input: { intentSecret: string; approve: boolean },
): Promise<SandboxAuthenticateResult> {
  const sandbox = sandboxOf(deps);
  const intentId = await sandbox.intentIdOf(input.intentSecret);
  if (!intentId) fail("not_found");
  const [owner] = await deps.db
    .select({ brandId: applications.brandId })
    .from(paymentAttempts)
    .innerJoin(applications, eq(applications.id, paymentAttempts.applicationId))
    .where(and(eq(paymentAttempts.provider, "sandbox"), eq(paymentAttempts.providerIntentId, intentId)));
  if (owner?.brandId !== viewer.userId) fail("not_found");
  const authenticated = await sandbox.authenticate(input.intentSecret, input.approve);
  if (!authenticated) fail("not_found");
  await processWebhook(deps, authenticated.webhook.rawBody, authenticated.webhook.signature);
  return { intentId: authenticated.intentId };
}
