import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cardBrandName, cardExpiry, maskedCardNumber } from "../../lib/card-format";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast-store";
import { Section, TabLoadError, TabLoading } from "./query-state";

/** Payment tab (brands): the saved card, masked, with a Forget button that asks for confirmation. */
export function PaymentTab() {
  const { t } = useTranslation();
  const card = trpc.account.card.useQuery();
  if (card.isPending) return <TabLoading />;
  if (card.isError) {
    return (
      <TabLoadError
        message={t("SETTINGS.PAYMENT.LOAD_ERROR")}
        onRetry={() => void card.refetch()}
        busy={card.isFetching}
      />
    );
  }
  return (
    <Section title={t("SETTINGS.PAYMENT.TITLE")}>
      {card.data ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="saved-card">
            <dt className="text-slate-600">{t("SETTINGS.PAYMENT.NUMBER")}</dt>
            <dd className="font-medium">
              {t("SETTINGS.PAYMENT.CARD", { type: cardBrandName(card.data.type) })} {maskedCardNumber(card.data.last4)}
            </dd>
            <dt className="text-slate-600">{t("SETTINGS.PAYMENT.EXPIRES")}</dt>
            <dd className="font-medium">{cardExpiry(card.data.expMonth, card.data.expYear)}</dd>
          </dl>
          <ForgetCard />
        </div>
      ) : (
        <p role="status" className="text-slate-700">
          {t("SETTINGS.PAYMENT.NO_CARD")}
        </p>
      )}
    </Section>
  );
}

function ForgetCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const forget = trpc.account.forgetCard.useMutation({
    onSuccess: () => {
      utils.account.card.setData(undefined, null);
      setOpen(false);
      toast.success(t("SETTINGS.PAYMENT.FORGOTTEN"));
    },
    onError: () => toast.error(t("SETTINGS.PAYMENT.FORGET_ERROR")),
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary">{t("SETTINGS.PAYMENT.FORGET")}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{t("SETTINGS.PAYMENT.FORGET_TITLE")}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {t("SETTINGS.PAYMENT.FORGET_TEXT")}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("SETTINGS.PAYMENT.CANCEL")}</Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: the dialog stays open until the card is really forgotten. */}
            <Button onClick={() => forget.mutate()} disabled={forget.isPending} aria-busy={forget.isPending}>
              {t("SETTINGS.PAYMENT.FORGET_CONFIRM")}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
