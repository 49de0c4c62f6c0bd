import { formatUsd } from "@market/contracts";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";

interface ChallengeStepProps {
  totalCents: number;
  /** The brand's answer is on its way to the test bank. */
  pending: boolean;
  onAnswer: (approve: boolean) => void;
}

/**
 * The sandbox's authentication step (issue 13): where Stripe would open the bank's 3-D Secure frame, the test bank
 * asks the brand, in the product's own look, to approve or fail the payment. Focus moves to its heading as it
 * replaces the card form, so a screen reader reads what is asked.
 */
export function ChallengeStep({ totalCents, pending, onAnswer }: ChallengeStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      aria-busy={pending}
      className="space-y-4 rounded-md border border-brand-200 bg-brand-50 p-4"
      data-testid="checkout-challenge"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </span>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {t("CHECKOUT_MODAL.CHALLENGE.TITLE")}
        </h3>
      </div>
      <div id={`${id}-text`} className="space-y-2 text-sm text-slate-800">
        <p>{t("CHECKOUT_MODAL.CHALLENGE.TEXT", { amount: formatUsd(totalCents) })}</p>
        <p>{t("CHECKOUT_MODAL.CHALLENGE.QUESTION")}</p>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-600">
        {pending ? t("CHECKOUT_MODAL.CHALLENGE.WAITING") : ""}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" aria-disabled={pending} onClick={() => !pending && onAnswer(false)}>
          {t("CHECKOUT_MODAL.CHALLENGE.FAIL")}
        </Button>
        <Button aria-disabled={pending} onClick={() => !pending && onAnswer(true)}>
          {t("CHECKOUT_MODAL.CHALLENGE.APPROVE")}
        </Button>
      </div>
    </section>
  );
}
