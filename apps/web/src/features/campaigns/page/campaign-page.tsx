import type { DealView } from "@market/contracts";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { campaignApplicationsPath } from "../../../lib/application-paths";
import { formatDeadline, priceRangeLabel } from "../../../lib/deal-format";
import { pageObjectQuery } from "../../../lib/load-state";
import { parsePathId } from "../../../lib/path-id";
import { campaignReportPath } from "../../../lib/report-paths";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { AdminReview } from "../../../ui/deal/admin-review";
import { NewBadge, RemainingLabel, ReviewBadge, StatusBadge } from "../../../ui/deal/campaign-badges";
import { DealSections, Detail } from "../../../ui/deal/deal-sections";
import { ImageCarousel } from "../../../ui/deal/image-carousel";
import { NotFoundPanel, QueryStates } from "../../../ui/query-states";
import { DeleteCampaignDialog } from "../list/delete-campaign-dialog";
import { actionsFor } from "../list/list-state";
import { CAMPAIGNS_PATH, editCampaignPath } from "../list/paths";
import { useCampaignActions } from "../list/use-campaign-actions";

interface CampaignPageProps {
  /** The {id} of the path, as typed. */
  rawId: string;
  /** An admin acting as the brand gets the review control. */
  isImpersonating: boolean;
}

/** The brand's view of one of its campaigns (spec section 2, /campaigns/{id}). */
export function CampaignPage({ rawId, isImpersonating }: CampaignPageProps) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const campaign = trpc.deals.get.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, ...pageObjectQuery(["not_found"]) },
  );
  useDocumentTitle(campaign.data?.title ?? t("CAMPAIGNS.TITLE"));

  return (
    <QueryStates
      query={campaign}
      validId={id !== null}
      notFound={<NotFoundPanel back={<BackLink />}>{t("CAMPAIGN.NOT_FOUND")}</NotFoundPanel>}
      back={<BackLink />}
      loadError={t("CAMPAIGN.LOAD_ERROR")}
    >
      {(data) => <CampaignView campaign={data} isImpersonating={isImpersonating} />}
    </QueryStates>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={CAMPAIGNS_PATH} className="inline-block font-medium text-brand-800 underline">
      <span aria-hidden="true">← </span>
      {t("CAMPAIGN.BACK")}
    </Link>
  );
}

function CampaignView({ campaign, isImpersonating }: { campaign: DealView; isImpersonating: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useCampaignActions();
  const [confirming, setConfirming] = useState(false);
  const offered = actionsFor(campaign);
  const busy = actions.busyId === campaign.id;

  const confirmDelete = async () => {
    if (await actions.remove(campaign.id)) {
      setConfirming(false);
      await navigate({ to: CAMPAIGNS_PATH });
    }
  };

  return (
    <article aria-labelledby="campaign-title" className="space-y-6">
      <BackLink />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 id="campaign-title" className="text-2xl font-bold">
            {campaign.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={campaign.status} />
            {campaign.isNew && <NewBadge />}
            <ReviewBadge reviewStatus={campaign.reviewStatus} />
          </div>
        </div>
        <section aria-label={t("CAMPAIGN.ACTIONS")} className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <Link to={editCampaignPath(campaign.id)}>{t("CAMPAIGNS.EDIT")}</Link>
          </Button>
          <Button variant="secondary" asChild>
            <Link to={campaignReportPath(campaign.id)}>{t("CAMPAIGN.REPORT")}</Link>
          </Button>
          {offered.includes("pause") && (
            <Button variant="secondary" onClick={() => actions.pause(campaign.id)} disabled={busy} aria-busy={busy}>
              {t("CAMPAIGNS.PAUSE")}
            </Button>
          )}
          {offered.includes("resume") && (
            <Button variant="secondary" onClick={() => actions.resume(campaign.id)} disabled={busy} aria-busy={busy}>
              {t("CAMPAIGNS.RESUME")}
            </Button>
          )}
          {offered.includes("delete") && (
            <Button variant="secondary" className="text-red-800" onClick={() => setConfirming(true)} disabled={busy}>
              {t("CAMPAIGNS.DELETE")}
            </Button>
          )}
        </section>
      </header>
      {campaign.reviewStatus === "KO" && <RejectionNotice reason={campaign.reviewReason} />}

      {campaign.reviewStatus !== "OK" && (
        <p
          data-testid="campaign-review-hint"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {t(`CAMPAIGN.NOT_APPROVED_HINT.${campaign.reviewStatus}`)}
        </p>
      )}
      {isImpersonating && <AdminReview campaign={campaign} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ImageCarousel images={campaign.images} title={campaign.title} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 self-start rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <Detail label={t("CAMPAIGN.STATUS")}>{t(`CAMPAIGNS.STATUS.${campaign.status}`)}</Detail>
          <Detail label={t("CAMPAIGN.DEADLINE")}>
            {formatDeadline(campaign.deadline)} · <RemainingLabel remainingMs={campaign.remainingDuration} />
          </Detail>
          <Detail label={t("CAMPAIGN.CATEGORY")}>{t(`CATEGORY.${campaign.category}`)}</Detail>
          <Detail label={t("CAMPAIGN.PRICE")}>{priceRangeLabel(campaign.price)}</Detail>
          <Detail label={t("CAMPAIGN.NETWORKS")}>
            {campaign.networks.map((network) => t(`NETWORK.${network}`)).join(", ")}
          </Detail>
          <Detail label={t("CAMPAIGN.APPLICANTS")}>
            <Link to={campaignApplicationsPath(campaign.id)} className="font-medium text-brand-800 underline">
              {t("CAMPAIGN.SEE_APPLICANTS", { count: campaign.applicants })}
            </Link>
          </Detail>
          <Detail label={t("CAMPAIGN.REVIEW")}>{t(`CAMPAIGN.REVIEW_STATUS.${campaign.reviewStatus}`)}</Detail>
          <Detail label={t("CAMPAIGN.WEBSITE")}>
            <a
              href={campaign.link}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-brand-800 underline"
            >
              {campaign.link}
            </a>
          </Detail>
        </dl>
      </div>

      <DealSections deal={campaign} />

      <DeleteCampaignDialog
        campaign={confirming ? campaign : null}
        onOpenChange={setConfirming}
        onConfirm={() => void confirmDelete()}
        busy={actions.deleting}
      />
    </article>
  );
}

/** A campaign the platform rejected: why, in the admin's words (issue 36), and what the brand can do. */
function RejectionNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  return (
    <section role="note" aria-labelledby="rejection-title" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <h2 id="rejection-title" className="font-semibold text-red-900">
        {t("CONSOLE_DASHBOARD.BRAND.REJECTED_TITLE")}
      </h2>
      {reason && (
        <p className="mt-1 whitespace-pre-line" data-testid="review-reason">
          {t("CONSOLE_DASHBOARD.BRAND.REJECTED_REASON", { reason })}
        </p>
      )}
      <p className="mt-1 text-sm text-slate-700">{t("CONSOLE_DASHBOARD.BRAND.REJECTED_NEXT")}</p>
    </section>
  );
}
