import type { DealView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../button";
import { toast } from "../toast-store";
import { reviewDecisions } from "./review-decisions";

/**
 * The admin's review control (spec sections 2 and 4, impersonating admin only): the current review status, and
 * approve (OK) or reject (KO) where the transition is allowed. The answer replaces the deal on screen, on the
 * brand's campaign page and on the influencer's deal page alike.
 */
export function AdminReview({ campaign }: { campaign: Pick<DealView, "id" | "reviewStatus"> }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const review = trpc.admin.reviewDeal.useMutation({
    onSuccess: async (deal, { decision }) => {
      // The answer is the deal as deals.get shows it to the user acted as (with an influencer's own application).
      utils.deals.get.setData({ id: deal.id }, deal);
      toast.success(t(decision === "OK" ? "CAMPAIGN.ADMIN.APPROVED" : "CAMPAIGN.ADMIN.REJECTED"));
      // The brand's list and the influencers' search both filter on the review.
      await Promise.all([utils.deals.mine.invalidate(), utils.deals.search.invalidate()]);
    },
    onError: (error) => {
      toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)]));
    },
  });
  const allowed = reviewDecisions(campaign.reviewStatus);
  const busy = review.isPending;
  // aria-disabled rather than disabled: a disabled button drops the keyboard focus of the admin who just pressed it.
  const decide = (decision: "OK" | "KO") => {
    if (!busy && allowed[decision]) review.mutate({ id: campaign.id, decision });
  };
  return (
    <section
      aria-labelledby="admin-review-title"
      className="space-y-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="admin-review-title" className="font-semibold">
        {t("CAMPAIGN.ADMIN.TITLE")}
      </h2>
      <p aria-live="polite" data-testid="admin-review-status">
        {t("CAMPAIGN.ADMIN.CURRENT", { status: campaign.reviewStatus })}
      </p>
      <div className="flex gap-3">
        <Button
          onClick={() => decide("OK")}
          aria-disabled={busy || !allowed.OK}
          aria-busy={busy && review.variables?.decision === "OK"}
        >
          {t("CAMPAIGN.ADMIN.APPROVE")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => decide("KO")}
          aria-disabled={busy || !allowed.KO}
          aria-busy={busy && review.variables?.decision === "KO"}
        >
          {t("CAMPAIGN.ADMIN.REJECT")}
        </Button>
      </div>
    </section>
  );
}
