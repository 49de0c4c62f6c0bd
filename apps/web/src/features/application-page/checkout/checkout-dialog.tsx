import type { SavedCardView } from "@market/contracts";
import { Elements } from "@stripe/react-stripe-js";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { LoadingLine } from "../../../ui/query-states";
import { CheckoutForm, type CheckoutFormProps } from "./checkout-form";
import type { CheckoutFigures } from "./checkout-summary";
import { loadStripeOrNull } from "./stripe-loader";

/** The centred box of the other dialogs, a little wider for the card, scrolling on a short screen. */
const PLACEMENT =
  "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 " +
  "overflow-y-auto rounded-lg";

interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: number;
  /** The influencer hired. */
  username: string;
  figures: CheckoutFigures;
  onPaid: (processing: boolean) => void;
  onPriceChanged: () => void;
}

/**
 * The checkout modal (spec section 2): opened by "Accept and hire" with the ticked networks and their total. It
 * loads the saved card and how cards are taken (Stripe or the sandbox) each time it opens; Escape, the close button
 * and Cancel close it, except while a payment is on its way.
 */
export function CheckoutDialog({ open, onOpenChange, ...props }: CheckoutDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const change = (next: boolean) => {
    if (!next && busy) return;
    if (!next) setBusy(false);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={t("CHECKOUT_MODAL.TITLE")} className={PLACEMENT}>
        {open && <CheckoutLoader {...props} onBusyChange={setBusy} onClose={() => change(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type LoaderProps = Omit<CheckoutFormProps, "savedCard" | "payments">;

function CheckoutLoader({ figures: current, onPriceChanged, ...rest }: LoaderProps) {
  const { t } = useTranslation();
  // The figures as the modal opened: a price the influencer changes meanwhile reaches the page live, but must not
  // change the amount under the brand's hand. The server refuses the old total and the form says so; from then on
  // the figures follow the page.
  const [atOpen] = useState(current);
  const [priceChanged, setPriceChanged] = useState(false);
  const props: LoaderProps = {
    ...rest,
    figures: priceChanged ? current : atOpen,
    onPriceChanged: () => {
      setPriceChanged(true);
      onPriceChanged();
    },
  };
  // Read afresh at each opening: the card may have been saved or forgotten in another tab.
  const config = trpc.payments.config.useQuery(undefined, { staleTime: 0 });
  const card = trpc.account.card.useQuery(undefined, { staleTime: 0 });
  if (config.isPending || card.isPending) return <LoadingLine />;
  if (config.isError || card.isError) {
    const fetching = config.isFetching || card.isFetching;
    return (
      <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{t("CHECKOUT_MODAL.LOAD_ERROR")}</p>
        <Button
          variant="secondary"
          disabled={fetching}
          aria-busy={fetching}
          onClick={() => {
            if (config.isError) void config.refetch();
            if (card.isError) void card.refetch();
          }}
        >
          {t("GLOBAL.RETRY")}
        </Button>
      </div>
    );
  }
  if (config.data.provider === "stripe") {
    return <StripeCheckout {...props} publishableKey={config.data.publishableKey} savedCard={card.data} />;
  }
  return <CheckoutForm {...props} savedCard={card.data} payments={{ provider: "sandbox" }} />;
}

/** Stripe's script, loaded with the first checkout on Stripe; a load that failed is tried again at the next one. */
function StripeCheckout({
  publishableKey,
  savedCard,
  ...props
}: LoaderProps & { publishableKey: string; savedCard: SavedCardView | null }) {
  const { t } = useTranslation();
  const stripe = useQuery({
    queryKey: ["stripe-js", publishableKey],
    queryFn: () => loadStripeOrNull(publishableKey),
    staleTime: (query) => (query.state.data ? Number.POSITIVE_INFINITY : 0),
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (stripe.isPending) {
    return (
      <p role="status" className="text-slate-600">
        {t("CHECKOUT_MODAL.LOADING_MODULE")}
      </p>
    );
  }
  const loaded = stripe.data ?? null;
  const form = <CheckoutForm {...props} savedCard={savedCard} payments={{ provider: "stripe", stripe: loaded }} />;
  return loaded ? <Elements stripe={loaded}>{form}</Elements> : form;
}
