import { describeUsageRights, formatUsd, type HiredUsageRights, type NetworkType } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { formatPercent } from "../../../lib/percent-format";

export interface CheckoutFigures {
  networks: NetworkType[];
  /** Each ticked network's usage rights, shown before paying (issue 37). */
  usageRights: HiredUsageRights[];
  priceCents: number;
  feePercent: number;
  feeCents: number;
  /** B, what accept is sent as frontendPriceInCents. */
  totalCents: number;
}

/**
 * What the brand pays (spec section 9: total = price * (100 + fee) / 100): the networks with what it may do with
 * their content (usage rights, in plain words), price, fee and total.
 */
export function CheckoutSummary({ figures }: { figures: CheckoutFigures }) {
  const { t } = useTranslation();
  const row = "flex justify-between gap-4";
  return (
    <section aria-label={t("CHECKOUT_MODAL.SUMMARY")} className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <dl className="space-y-1 text-sm" data-testid="checkout-summary" aria-live="polite">
        <div className={row}>
          <dt className="text-slate-600">{t("CHECKOUT_MODAL.NETWORKS")}</dt>
          <dd className="text-right font-medium">
            {figures.networks.map((network) => t(`NETWORK.${network}`)).join(", ")}
          </dd>
        </div>
        {figures.usageRights.map((line) => (
          <div key={line.network} className={row} data-testid="checkout-rights" data-network={line.network}>
            <dt className="text-slate-600">{t("CHECKOUT_MODAL.RIGHTS", { network: t(`NETWORK.${line.network}`) })}</dt>
            <dd className="text-right">{describeUsageRights(line.usageRights, "brand")}</dd>
          </div>
        ))}
        <div className={row}>
          <dt className="text-slate-600">{t("CHECKOUT_MODAL.PRICE")}</dt>
          <dd className="tabular-nums">{formatUsd(figures.priceCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{t("CHECKOUT_MODAL.FEE", { percent: formatPercent(figures.feePercent) })}</dt>
          <dd className="tabular-nums">{formatUsd(figures.feeCents)}</dd>
        </div>
        <div className={`${row} border-t border-slate-200 pt-2 text-base`}>
          <dt className="font-semibold">{t("CHECKOUT_MODAL.TOTAL")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="checkout-total">
            {formatUsd(figures.totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
