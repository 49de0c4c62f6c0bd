import { type ApplicationPageView, paymentReceiptPath } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

/**
 * Whether the brand paid for this hire, so that its payment has a receipt: work under way or done, or paid and then
 * refunded (the receipt shows the refund). A hire never paid (waiting, declined, expired) has none.
 */
export const paidHire = (view: Pick<ApplicationPageView, "status" | "refund">): boolean =>
  view.status === "PROGRESS" || view.status === "COMPLETE" || view.refund !== null;

/** The brand's "Download receipt" (issue 40): a plain link, as the session cookie authenticates the download. */
export function ReceiptLink({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  if (view.role !== "brand" || !paidHire(view)) return null;
  return (
    <Button asChild variant="secondary">
      <a href={paymentReceiptPath(view.id)} download data-testid="payment-receipt">
        {t("APPLICATION_PAGE.RECEIPT")}
      </a>
    </Button>
  );
}
