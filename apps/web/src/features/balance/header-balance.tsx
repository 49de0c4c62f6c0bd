import { formatUsd } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/**
 * The influencer's available balance in the header (spec section 3: User.balance), from the ledger. It starts
 * from the page load's value and follows account.balance, which other screens invalidate when money moves.
 */
export function HeaderBalance({ initialCents }: { initialCents: number }) {
  const { t } = useTranslation();
  const balance = trpc.account.balance.useQuery(undefined, { initialData: { balanceCents: initialCents } });
  const amount = formatUsd(balance.data.balanceCents);
  return (
    <p className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900">
      {/* One label, read everywhere and shown where the header has room. */}
      <span className="sr-only text-emerald-800 lg:not-sr-only">{t("BALANCE.LABEL")} </span>
      <span data-testid="header-balance">{amount}</span>
    </p>
  );
}
