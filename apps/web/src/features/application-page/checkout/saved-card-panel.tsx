import type { SavedCardView } from "@market/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cardBrandName, cardExpiry, maskedCardNumber } from "../../../lib/card-format";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/toast-store";

interface SavedCardPanelProps {
  card: SavedCardView;
  busy: boolean;
  onUseNewCard: () => void;
  onForgotten: () => void;
}

/**
 * The saved card in the checkout (spec section 2: masked, the expiry month on 2 digits), with the way to pay with a
 * new card instead and to forget it (account.forgetCard), asked once more in place before it is gone.
 */
export function SavedCardPanel({ card, busy, onUseNewCard, onForgotten }: SavedCardPanelProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const forgetButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const forget = trpc.account.forgetCard.useMutation({
    onSuccess: () => {
      utils.account.card.setData(undefined, null);
      toast.success(t("CHECKOUT_MODAL.FORGOTTEN"));
      onForgotten();
    },
    onError: () => toast.error(t("CHECKOUT_MODAL.FORGET_ERROR")),
  });
  // The question takes the place of the Forget button: focus goes to the answer that keeps the card, the safe one.
  const ask = () => {
    setAsking(true);
    requestAnimationFrame(() => keepButton.current?.focus());
  };
  const keep = () => {
    setAsking(false);
    requestAnimationFrame(() => forgetButton.current?.focus());
  };

  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-4" data-testid="checkout-saved-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="block text-slate-600">{t("CHECKOUT_MODAL.SAVED_CARD")}</span>
          <span className="font-medium">
            {cardBrandName(card.type)} {maskedCardNumber(card.last4)}
          </span>{" "}
          <span className="text-slate-600">
            {t("CHECKOUT_MODAL.CARD_EXPIRES", { expiry: cardExpiry(card.expMonth, card.expYear) })}
          </span>
        </p>
        {!asking && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onUseNewCard} disabled={busy}>
              {t("CHECKOUT_MODAL.USE_NEW_CARD")}
            </Button>
            <Button ref={forgetButton} variant="ghost" onClick={ask} disabled={busy}>
              {t("CHECKOUT_MODAL.FORGET")}
            </Button>
          </div>
        )}
      </div>
      {asking && (
        <fieldset className="space-y-2 rounded-md bg-amber-50 p-3">
          <legend className="sr-only">{t("CHECKOUT_MODAL.FORGET")}</legend>
          <p className="text-sm text-amber-950">{t("CHECKOUT_MODAL.FORGET_QUESTION")}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button ref={keepButton} variant="secondary" onClick={keep} disabled={forget.isPending}>
              {t("CHECKOUT_MODAL.FORGET_KEEP")}
            </Button>
            <Button onClick={() => forget.mutate()} disabled={forget.isPending} aria-busy={forget.isPending}>
              {t("CHECKOUT_MODAL.FORGET_CONFIRM")}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
