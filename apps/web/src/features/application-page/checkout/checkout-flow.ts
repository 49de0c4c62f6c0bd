import type { AcceptInput, AcceptResult } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import { reasonOf } from "../../../lib/reasons";

/**
 * The checkout's steps (spec sections 2 and 4, Checkout; money.md): pay with the saved card and the password or a
 * new card's token; a payment that needs the card's authentication answers requiresAction, the browser runs it
 * (Stripe's 3-D Secure, or the sandbox's test bank challenge that waits for the brand) and accepts again with the
 * authenticated intent as confirmToken; then it is paid. The provider-specific parts are ports, so the steps are
 * the same for Stripe and the sandbox and are tested without either.
 */

/** How the brand pays: the saved card with the account password, or the new card of the form. */
export type CardChoice = { kind: "saved"; password: string } | { kind: "new"; saveCard: boolean };

export type CardOptions = AcceptInput["cardOptions"];

export interface CheckoutPorts {
  /** The new card's token (the sandbox form's payments.sandboxToken, Stripe's createPaymentMethod). */
  tokenize(): Promise<string>;
  /** applications.accept with the ticked networks and the total shown. */
  accept(cardOptions: CardOptions, password: string | undefined): Promise<AcceptResult>;
  /**
   * Stripe runs its authentication by itself (handleNextAction) and answers the intent id. Without it (the
   * sandbox), the checkout stops at the challenge step until the brand answers it.
   */
  authenticate?: (intentSecret: string) => Promise<string>;
}

/** A refusal with the provider's own words (a card element's or a 3-D Secure failure's message). */
export class ProviderError extends Error {
  constructor(readonly providerMessage: string | null) {
    super(providerMessage ?? "payment_failed");
    this.name = "ProviderError";
  }
}

/** The card form found faults in what was typed and marked its fields: nothing more to say. */
export class CardFormInvalid extends Error {
  constructor() {
    super("card_form_invalid");
    this.name = "CardFormInvalid";
  }
}

/** Why a payment did not go through, as the modal tells it (spec section 8, Payment). */
export type CheckoutFailure =
  /** The saved card's password is wrong: the password field is marked. */
  | { kind: "bad_password" }
  /** The card or its payment was refused: the provider's message when it gave one, else the product's. */
  | { kind: "payment_failed"; message: string | null }
  /** The payment provider cannot be reached: nothing went through, the brand may pay again in a few minutes. */
  | { kind: "payment_unavailable" }
  /** The total changed under the brand's eyes: nothing was charged and the figures are read again. */
  | { kind: "price_changed" }
  /** The card form's own fields say what is wrong. */
  | { kind: "card_invalid" }
  | { kind: "generic" };

/**
 * The provider's own words on a payment_failed answer: the server puts them on cardOptions' issue, and only when
 * the provider gave some (its message is then the product's generic one, which the web says in its own words).
 */
function providerMessageOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues ?? [];
  const issue = issues.find((candidate) => Array.isArray(candidate.path) && candidate.path[0] === "cardOptions");
  const message = typeof issue?.message === "string" ? issue.message.trim() : "";
  return message === "" ? null : message;
}

/** The failure of any step, as the modal tells it. */
export function failureOf(error: unknown): CheckoutFailure {
  if (error instanceof CardFormInvalid) return { kind: "card_invalid" };
  if (error instanceof ProviderError) return { kind: "payment_failed", message: error.providerMessage };
  const reason = reasonOf(error);
  switch (reason) {
    case "bad_password":
      return { kind: "bad_password" };
    case "price_changed":
      return { kind: "price_changed" };
    case "payment_failed":
      return { kind: "payment_failed", message: providerMessageOf(error) };
    case "payment_unavailable":
      return { kind: "payment_unavailable" };
    default:
      return { kind: "generic" };
  }
}

export type PayOutcome =
  | { kind: "paid" }
  /** The provider took the payment but has not settled it: the hire starts when it does (its webhook). */
  | { kind: "processing" }
  /** The sandbox's challenge waits for the brand: answer it with answerChallenge. */
  | { kind: "challenge"; intentSecret: string; choice: CardChoice }
  | { kind: "failed"; failure: CheckoutFailure };

/** The intent of a client secret: Stripe's secrets are "<intent id>_secret_<…>". */
export const intentIdOfSecret = (intentSecret: string): string => intentSecret.split("_secret_")[0] ?? intentSecret;

/** What accept's answer without a further step means: paid, or taken and still being processed. */
const settled = (result: AcceptResult & { requiresAction: false }): PayOutcome =>
  result.processing ? { kind: "processing" } : { kind: "paid" };

/** After the authentication: accept again with the intent, which the server reads back from the provider. */
async function confirm(ports: CheckoutPorts, intentId: string, choice: CardChoice): Promise<PayOutcome> {
  const saveCard = choice.kind === "new" && choice.saveCard;
  const result = await ports.accept({ confirmToken: intentId, saveCard, useExistingCard: false }, undefined);
  // An intent that still wants an action after its authentication did not pass it.
  return result.requiresAction
    ? { kind: "failed", failure: { kind: "payment_failed", message: null } }
    : settled(result);
}

async function authenticateThenConfirm(
  ports: CheckoutPorts,
  intentSecret: string,
  choice: CardChoice,
): Promise<PayOutcome> {
  if (!ports.authenticate) return { kind: "challenge", intentSecret, choice };
  return confirm(ports, await ports.authenticate(intentSecret), choice);
}

const failed = (error: unknown): PayOutcome => ({ kind: "failed", failure: failureOf(error) });

/** Pay: the card, accept, and (Stripe) the authentication when the payment asks for it. Never throws. */
export async function pay(ports: CheckoutPorts, choice: CardChoice): Promise<PayOutcome> {
  try {
    const result =
      choice.kind === "saved"
        ? await ports.accept({ useExistingCard: true, saveCard: false }, choice.password)
        : await ports.accept(
            { token: await ports.tokenize(), saveCard: choice.saveCard, useExistingCard: false },
            undefined,
          );
    if (!result.requiresAction) return settled(result);
    return await authenticateThenConfirm(ports, result.intentSecret, choice);
  } catch (error) {
    return failed(error);
  }
}

/**
 * The sandbox's challenge answered: `answer` tells the test bank (payments.sandboxAuthenticate) and answers the
 * intent id; the server then says whether the payment went through (a failed challenge is the provider's refusal).
 */
export async function answerChallenge(
  ports: CheckoutPorts,
  challenge: Extract<PayOutcome, { kind: "challenge" }>,
  answer: () => Promise<string>,
): Promise<PayOutcome> {
  try {
    return await confirm(ports, await answer(), challenge.choice);
  } catch (error) {
    return failed(error);
  }
}
