import { CardElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { StripeCardElementOptions } from "@stripe/stripe-js";
import { type Ref, useImperativeHandle, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardFormInvalid, ProviderError } from "./checkout-flow";

/** What the checkout asks of the card entry on Pay. */
export interface CardTokenizer {
  tokenize(): Promise<string>;
}

/** Stripe's card element, looking like the product's inputs; the postal code is not asked (spec section 2). */
const OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      fontSize: "16px",
      color: "#0f172a",
      fontFamily: "ui-sans-serif, system-ui, sans-serif",
      "::placeholder": { color: "#64748b" },
    },
    invalid: { color: "#b91c1c", iconColor: "#b91c1c" },
  },
};

/**
 * The new card on Stripe (spec section 2, Checkout modal): Stripe's CardElement inside the Elements of the checkout,
 * its own messages shown under it as the brand types, and Pay's token a PaymentMethod made from it.
 */
export function StripeCardForm({ ref, disabled }: { ref: Ref<CardTokenizer>; disabled: boolean }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      async tokenize() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new ProviderError(null);
        const result = await stripe.createPaymentMethod({ type: "card", card });
        if (result.error) {
          // A card Stripe refuses to read (incomplete, a past date) is told under the element, where it is fixed.
          if (result.error.type === "validation_error") {
            setMessage(result.error.message ?? null);
            card.focus();
            throw new CardFormInvalid();
          }
          throw new ProviderError(result.error.message ?? null);
        }
        return result.paymentMethod.id;
      },
    }),
    [stripe, elements],
  );

  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-800">{t("CHECKOUT_MODAL.NEW_CARD")}</legend>
      <div
        className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-3 focus-within:outline-2 focus-within:outline-brand-700"
        data-testid="stripe-card-element"
      >
        <CardElement
          options={{ ...OPTIONS, disabled }}
          onChange={(event) => setMessage(event.error?.message ?? null)}
        />
      </div>
      <p role="alert" className="mt-1 min-h-5 text-sm text-red-700">
        {message}
      </p>
    </fieldset>
  );
}
