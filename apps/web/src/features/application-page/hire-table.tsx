import { type ApplicationPageView, describeUsageRights, formatUsd } from "@market/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/influencer-format";
import { formatPercent } from "../../lib/percent-format";
import { Button } from "../../ui/button";
import { NetworkBadge } from "../../ui/network-badge";
import type { HireTotals } from "./hire-selection";

interface HireTableProps {
  view: ApplicationPageView;
  ticked: ReadonlySet<number>;
  onToggle: (index: number) => void;
  totals: HireTotals;
  /** The lifecycle lets the viewer accept and pay (the brand, or an admin acting as the brand). */
  mayAccept: boolean;
  onAccept: () => void;
}

/**
 * The brand's hire table on a WAITING proposal (spec section 2): a checkbox per network with its usage rights, the
 * price of the ticked
 * ones, the brand's fee and the total, and "Accept and hire", shown only while the ticked total is above zero,
 * which opens the checkout.
 */
export function HireTable({ view, ticked, onToggle, totals, mayAccept, onAccept }: HireTableProps) {
  const { t } = useTranslation();
  const id = useId();
  const row = "flex justify-between text-sm";
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("APPLICATION_PAGE.HIRE_TITLE")}
      </h2>
      <fieldset>
        <legend className="sr-only">{t("APPLICATION_PAGE.HIRE_CAPTION")}</legend>
        <ul className="divide-y divide-slate-100">
          {view.prices.map((line, index) => (
            // A proposal prices each network type once (the server refuses a type twice).
            <li
              key={line.network}
              className="flex items-center justify-between gap-4 py-2 text-sm"
              data-testid="hire-line"
              data-network={line.network}
            >
              <label className="flex flex-wrap items-center gap-3">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={ticked.has(index)}
                  onChange={() => onToggle(index)}
                  aria-label={t("APPLICATION_PAGE.HIRE_LABEL", { network: t(`NETWORK.${line.network}`) })}
                />
                <NetworkBadge type={line.network} />
                {/* What the brand may do with this network's content, before it pays (issue 37). */}
                <span className="text-slate-700" data-testid="hire-line-rights">
                  {describeUsageRights(line.usageRights, "brand")}
                </span>
              </label>
              <span className="text-slate-600 tabular-nums">
                {formatCount(line.reach)} · {formatUsd(line.price * 100)}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="space-y-1 border-t border-slate-200 pt-3" aria-live="polite">
        <p className={row}>
          <span className="text-slate-600">{t("APPLICATION_PAGE.HIRE_PRICE")}</span>
          <span className="tabular-nums" data-testid="hire-price">
            {formatUsd(totals.priceCents)}
          </span>
        </p>
        <p className={row}>
          <span className="text-slate-600">
            {t("APPLICATION_PAGE.HIRE_FEE", { percent: formatPercent(totals.feePercent) })}
          </span>
          <span className="tabular-nums" data-testid="hire-fee">
            {formatUsd(totals.feeCents)}
          </span>
        </p>
        <p className={row}>
          <span>{t("APPLICATION_PAGE.HIRE_TOTAL")}</span>
          <span className="font-semibold tabular-nums" data-testid="hire-total">
            {formatUsd(totals.totalCents)}
          </span>
        </p>
      </div>
      {!totals.canAccept && <p className="text-sm text-amber-800">{t("APPLICATION_PAGE.HIRE_NONE")}</p>}
      {mayAccept && totals.canAccept && (
        <div className="flex justify-end">
          <Button onClick={onAccept} data-testid="accept-and-hire">
            {t("APPLICATION_PAGE.ACCEPT")}
          </Button>
        </div>
      )}
    </section>
  );
}
