import { formatUsd, type SavedCardView } from "@market/contracts";
import type { Stripe } from "@stripe/stripe-js";
import type { ParseKeys } from "i18next";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cardBrandName, maskedCardNumber } from "../../../lib/card-format";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/form-fields";
import { type CardErrors, type CardValues, cardErrors, sandboxCardOf } from "./card-input";
import { ChallengeStep } from "./challenge-step";
import {
  answerChallenge,
  type CardChoice,
  CardFormInvalid,
  type CheckoutFailure,
  type CheckoutPorts,
  type PayOutcome,
  pay,
} from "./checkout-flow";
import { type CheckoutFigures, CheckoutSummary } from "./checkout-summary";
import { SandboxCardForm } from "./sandbox-card-form";
import { sandboxTokenError } from "./sandbox-token-error";
import { SavedCardPanel } from "./saved-card-panel";
import { type CardTokenizer, StripeCardForm } from "./stripe-card-form";
import { authenticateWithStripe } from "./stripe-loader";

/** The card entry of the checkout: the sandbox's own form, Stripe's element, or Stripe's script did not load. */
export type PaymentsSetup = { provider: "sandbox" } | { provider: "stripe"; stripe: Stripe | null };

export interface CheckoutFormProps {
  applicationId: number;
  username: string;
  figures: CheckoutFigures;
  savedCard: SavedCardView | null;
  payments: PaymentsSetup;
  /** A payment is on its way: the dialog does not close under it. */
  onBusyChange: (busy: boolean) => void;
  /** Paid, or (`processing`) taken by the provider and not settled yet: the hire starts when it is. */
  onPaid: (processing: boolean) => void;
  /** The server computed another total: the page reads the application again, so the figures shown are current. */
  onPriceChanged: () => void;
  onClose: () => void;
}

type Step =
  | { kind: "form" }
  | { kind: "paying" }
  | { kind: "challenge"; challenge: Extract<PayOutcome, { kind: "challenge" }>; pending: boolean };

const EMPTY_CARD: CardValues = { number: "", expiry: "", cvc: "" };

/** The message of a failure shown above Pay; bad_password and a card's own faults are shown at their fields. */
function failureText(t: (key: ParseKeys) => string, failure: CheckoutFailure): string | null {
  switch (failure.kind) {
    case "payment_failed":
      return failure.message ?? t("CHECKOUT_MODAL.PAYMENT_FAILED");
    case "payment_unavailable":
      return t("CHECKOUT_MODAL.PAYMENT_UNAVAILABLE");
    case "price_changed":
      return t("CHECKOUT_MODAL.PRICE_CHANGED");
    case "generic":
      return t("GLOBAL.GENERIC_ERROR");
    case "bad_password":
    case "card_invalid":
      return null;
  }
}

/**
 * The checkout modal's content (spec sections 2, 5 and 8): the figures, then the saved card with the account
 * password or a new card (with "remember this card"), Pay, and the card's authentication when the payment asks for
 * it. The steps are checkout-flow's; this component gives them their ports and shows where they are.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { applicationId, username, figures, savedCard, payments, onBusyChange, onPaid, onPriceChanged, onClose } =
    props;
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const tokenizer = useRef<CardTokenizer>(null);
  const [mode, setMode] = useState<"saved" | "new">(savedCard ? "saved" : "new");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<ParseKeys | null>(null);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardFaults, setCardFaults] = useState<CardErrors>({});
  const [remember, setRemember] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [step, setStep] = useState<Step>({ kind: "form" });

  const accept = trpc.applications.accept.useMutation();
  const sandboxToken = trpc.payments.sandboxToken.useMutation();
  const sandboxAuthenticate = trpc.payments.sandboxAuthenticate.useMutation();

  const unavailable = payments.provider === "stripe" && payments.stripe === null;
  const usingSaved = mode === "saved" && savedCard !== null;
  const busy = step.kind === "paying" || (step.kind === "challenge" && step.pending);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const focusSoon = (selector: string) =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const sandboxTokenize = async () => {
    const faults = cardErrors(card, new Date());
    setCardFaults(faults);
    if (Object.keys(faults).length > 0) {
      focusSoon("[data-card-field][aria-invalid='true']");
      throw new CardFormInvalid();
    }
    try {
      return (await sandboxToken.mutateAsync(sandboxCardOf(card))).token;
    } catch (error) {
      throw sandboxTokenError(error);
    }
  };

  const ports: CheckoutPorts = {
    tokenize: () => {
      if (payments.provider === "sandbox") return sandboxTokenize();
      if (!tokenizer.current) throw new CardFormInvalid();
      return tokenizer.current.tokenize();
    },
    accept: (cardOptions, given) =>
      accept.mutateAsync({
        id: applicationId,
        frontendPriceInCents: figures.totalCents,
        networks: figures.networks,
        usageRights: figures.usageRights,
        cardOptions,
        ...(given === undefined ? {} : { password: given }),
      }),
    ...(payments.provider === "stripe" && payments.stripe
      ? { authenticate: (secret: string) => authenticateWithStripe(payments.stripe as Stripe, secret) }
      : {}),
  };

  const settle = (outcome: PayOutcome) => {
    if (outcome.kind === "paid" || outcome.kind === "processing") {
      setStep({ kind: "form" });
      onPaid(outcome.kind === "processing");
      return;
    }
    if (outcome.kind === "challenge") {
      setStep({ kind: "challenge", challenge: outcome, pending: false });
      return;
    }
    const returning = step.kind === "challenge";
    setStep({ kind: "form" });
    setFailure(outcome.failure);
    if (outcome.failure.kind === "bad_password") {
      setPasswordError("PASSWORD.BAD");
      focusSoon("[data-checkout-password]");
    } else if (outcome.failure.kind === "price_changed") {
      onPriceChanged();
    }
    // Back from the challenge, the button that was pressed is gone: the message takes the focus, and is read.
    if (returning && outcome.failure.kind !== "bad_password") requestAnimationFrame(() => failureRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Spec section 8: without the payment module there is nothing to pay with; Pay closes the checkout.
    if (unavailable) {
      onClose();
      return;
    }
    setFailure(null);
    let choice: CardChoice;
    if (usingSaved) {
      if (password === "") {
        setPasswordError("VALIDATION.REQUIRED");
        focusSoon("[data-checkout-password]");
        return;
      }
      setPasswordError(null);
      choice = { kind: "saved", password };
    } else {
      choice = { kind: "new", saveCard: remember };
    }
    setStep({ kind: "paying" });
    settle(await pay(ports, choice));
  };

  const answer = async (approve: boolean) => {
    if (step.kind !== "challenge" || step.pending) return;
    setStep({ ...step, pending: true });
    const { intentSecret } = step.challenge;
    settle(
      await answerChallenge(
        ports,
        step.challenge,
        async () => (await sandboxAuthenticate.mutateAsync({ intentSecret, approve })).intentId,
      ),
    );
  };

  const switchTo = (next: "saved" | "new") => {
    setMode(next);
    setFailure(null);
    setPasswordError(null);
    focusSoon(next === "saved" ? "[data-checkout-password]" : "[data-card-entry] input, [data-card-entry] iframe");
  };

  const failureMessage = failure ? failureText(t, failure) : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-600">{t("CHECKOUT_MODAL.INTRO", { username })}</p>
      <CheckoutSummary figures={figures} />

      {unavailable ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t("CHECKOUT_MODAL.MODULE_UNAVAILABLE")}
        </p>
      ) : step.kind === "challenge" ? (
        <ChallengeStep
          totalCents={figures.totalCents}
          pending={step.pending}
          onAnswer={(approve) => void answer(approve)}
        />
      ) : (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("CHECKOUT_MODAL.PAY_WITH")}</legend>
          {usingSaved ? (
            <>
              <SavedCardPanel
                card={savedCard}
                busy={busy}
                onUseNewCard={() => switchTo("new")}
                onForgotten={() => switchTo("new")}
              />
              <TextField
                label={t("CHECKOUT_MODAL.PASSWORD")}
                hint={t("CHECKOUT_MODAL.PASSWORD_HINT")}
                type="password"
                autoComplete="current-password"
                required
                readOnly={busy}
                value={password}
                onValueChange={(next) => {
                  setPassword(next);
                  if (passwordError) setPasswordError(null);
                }}
                error={passwordError ? { key: passwordError } : undefined}
                data-checkout-password=""
              />
            </>
          ) : (
            <>
              {savedCard && (
                <button
                  type="button"
                  className="text-sm text-brand-800 underline hover:text-brand-900"
                  onClick={() => switchTo("saved")}
                >
                  {t("CHECKOUT_MODAL.USE_SAVED_CARD", {
                    card: `${cardBrandName(savedCard.type)} ${maskedCardNumber(savedCard.last4)}`,
                  })}
                </button>
              )}
              <div data-card-entry="">
                {payments.provider === "sandbox" ? (
                  <div className="space-y-3">
                    <p className="rounded-md bg-slate-50 p-3 text-xs text-slate-700">
                      {t("CHECKOUT_MODAL.SANDBOX_NOTE")}
                    </p>
                    <SandboxCardForm
                      values={card}
                      errors={cardFaults}
                      onValuesChange={setCard}
                      onErrorsChange={setCardFaults}
                      disabled={busy}
                    />
                  </div>
                ) : (
                  <StripeCardForm ref={tokenizer} disabled={busy} />
                )}
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={remember}
                  disabled={busy}
                  onChange={(event) => setRemember(event.target.checked)}
                />
                {t("CHECKOUT_MODAL.REMEMBER")}
              </label>
              {payments.provider === "stripe" && (
                <p className="text-xs text-slate-600">{t("CHECKOUT_MODAL.SECURE_NOTE")}</p>
              )}
            </>
          )}
        </fieldset>
      )}

      <div ref={failureRef} tabIndex={-1} role="alert" data-testid="checkout-error" className="outline-none">
        {failureMessage && (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{failureMessage}</p>
        )}
      </div>
      <p role="status" className="sr-only">
        {step.kind === "paying" ? t("CHECKOUT_MODAL.PAYING") : ""}
      </p>

      {step.kind !== "challenge" && (
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => !busy && onClose()} aria-disabled={busy}>
            {t("CHECKOUT_MODAL.CANCEL")}
          </Button>
          <Button type="submit" aria-disabled={busy} aria-busy={busy} data-testid="checkout-pay">
            {busy ? t("CHECKOUT_MODAL.PAYING") : t("CHECKOUT_MODAL.PAY", { amount: formatUsd(figures.totalCents) })}
          </Button>
        </div>
      )}
    </form>
  );
}
