import type { ApplicationPageView } from "@market/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/influencer-format";
import { formatCents } from "../../lib/money-format";
import { NetworkBadge } from "../../ui/network-badge";
import { allTicked, hireTotals, toggleTick } from "./hire-selection";

/**
 * The brand's hire table on a WAITING proposal (spec section 2): a checkbox per network and the total of the
 * ticked ones with the brand's fee. Accepting (and paying) comes with the checkout; until then there is no button.
 */
export function HireTable({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const id = useId();
  const [ticked, setTicked] = useState(() => allTicked(view.prices));
  const totals = hireTotals(view.prices, ticked, view.fees.b);
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
            <li key={line.network} className="flex items-center justify-between gap-4 py-2 text-sm">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={ticked.has(index)}
                  onChange={() => setTicked((current) => toggleTick(current, index))}
                  aria-label={t("APPLICATION_PAGE.HIRE_LABEL", { network: t(`NETWORK.${line.network}`) })}
                />
                <NetworkBadge type={line.network} />
              </label>
              <span className="text-slate-600 tabular-nums">
                {formatCount(line.reach)} · {formatCents(line.price * 100)}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="flex justify-between border-t border-slate-200 pt-3 text-sm" aria-live="polite">
        <span>{t("APPLICATION_PAGE.HIRE_TOTAL")}</span>
        <span className="font-semibold tabular-nums" data-testid="hire-total">
          {formatCents(totals.totalCents)}
        </span>
      </p>
      {!totals.canAccept && <p className="text-sm text-amber-800">{t("APPLICATION_PAGE.HIRE_NONE")}</p>}
    </section>
  );
}
