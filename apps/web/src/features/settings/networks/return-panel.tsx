import type { OwnNetwork } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { canApplyWith, dealIdOfNext } from "../../../lib/networks-return";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";

interface ReturnPanelProps {
  /** The page the influencer came from (a safe path of the site). */
  next: string;
  networks: readonly OwnNetwork[];
  onDismiss: () => void;
}

/**
 * Issue 15: the influencer came from the proposal modal to link a network; this offers the way back. For a deal it
 * names the deal and says whether the networks now let them apply to it (spec section 6: verified and not
 * conflicting, of a type the deal asks for).
 */
export function ReturnPanel({ next, networks, onDismiss }: ReturnPanelProps) {
  const { t } = useTranslation();
  const dealId = dealIdOfNext(next);
  const deal = trpc.deals.get.useQuery({ id: dealId ?? 0 }, { enabled: dealId !== null, retry: false });
  const asked = deal.data?.networks ?? null;
  const ready = asked === null ? null : canApplyWith(networks, asked);
  const askedNames = asked?.map((type) => t(`NETWORK.${type}`)).join(", ") ?? "";
  // The router takes the path and the search apart; the modal sends a bare path.
  const path = next.split(/[?#]/)[0] ?? next;

  return (
    <section
      aria-label={t("NETWORKS.RETURN.LABEL")}
      data-testid="return-panel"
      className={
        ready
          ? "space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
          : "space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
      }
    >
      <p>
        {deal.data === undefined
          ? t("NETWORKS.RETURN.GENERIC")
          : ready
            ? t("NETWORKS.RETURN.READY", { title: deal.data.title })
            : t("NETWORKS.RETURN.NEEDED", { title: deal.data.title, networks: askedNames })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant={ready === false ? "secondary" : "primary"}>
          <Link to={path} data-testid="back-to-deal">
            {dealId === null ? t("NETWORKS.RETURN.BACK") : t("NETWORKS.RETURN.BACK_TO_DEAL")}
          </Link>
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          {t("NETWORKS.RETURN.STAY")}
        </Button>
      </div>
    </section>
  );
}
