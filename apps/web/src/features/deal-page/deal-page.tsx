import { applicationPath, type DealView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDeadline, priceRangeLabel } from "../../lib/deal-format";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { AdminReview } from "../../ui/deal/admin-review";
import { BrandBriefLine, brandPath } from "../../ui/deal/brand-brief";
import { NewBadge, RemainingLabel, ReviewBadge, StatusBadge } from "../../ui/deal/campaign-badges";
import { DealSections, Detail } from "../../ui/deal/deal-sections";
import { ImageCarousel } from "../../ui/deal/image-carousel";
import { NetworkBadge } from "../../ui/network-badge";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
// The one cross-feature import allowed (scripts/feature-imports.ts): the page opens the proposal modal, a dialog
// of its own that the application page will open too.
import { ProposalDialog } from "../proposal/proposal-dialog";
import { BackToDeals } from "./back-to-deals";
import { dealActions } from "./deal-actions";
import { ProposalPanel } from "./proposal-panel";
import { useExpiredAnswer } from "./use-expired-answer";

interface DealPageProps {
  /** The {id} of the path, as typed. */
  rawId: string;
  /** An admin acting as the influencer also gets the review control. */
  isImpersonating: boolean;
}

/** Reasons a second try would answer the same way. */
const FINAL_REASONS = ["not_found", "expired", "unauthorized", "forbidden"] as const;

/** The influencer's view of one deal (spec section 2, /deals/{id}), with their own proposal on it. */
export function DealPage({ rawId, isImpersonating }: DealPageProps) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const deal = trpc.deals.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, ...pageObjectQuery(FINAL_REASONS) });
  useDocumentTitle(deal.data?.title ?? t("DEAL_PAGE.TITLE"));

  return (
    <QueryStates
      query={deal}
      validId={id !== null}
      // A failed refetch keeps the deal on screen: what was loaded is still worth reading.
      keepDataOnError
      notFound={<NotFoundPanel back={<BackToDeals />}>{t("DEAL_PAGE.NOT_FOUND")}</NotFoundPanel>}
      loading={<DealSkeleton />}
      back={<BackToDeals />}
      loadError={t("DEAL_PAGE.LOAD_ERROR")}
      errorNotice={(reason) =>
        reason === "expired" ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-lg font-medium">
            {t("DEAL.EXPIRED")}
          </p>
        ) : undefined
      }
    >
      {(data) => <DealDetails deal={data} isImpersonating={isImpersonating} />}
    </QueryStates>
  );
}

function DealSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid="deal-skeleton">
      <p role="status" className="sr-only">
        {t("GLOBAL.LOADING")}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="h-5 w-32 rounded bg-slate-200" />
        <div className="h-8 w-2/3 rounded bg-slate-200" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="aspect-video rounded-lg bg-slate-200" />
          <div className="h-56 rounded-lg bg-slate-200" />
        </div>
        <div className="h-32 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}

function DealDetails({ deal, isImpersonating }: { deal: DealView; isImpersonating: boolean }) {
  const { t } = useTranslation();
  return (
    <article aria-labelledby="deal-title" className="space-y-6">
      <BackToDeals />
      <header className="space-y-2">
        <h1 id="deal-title" className="text-2xl font-bold break-words">
          {deal.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={deal.status} />
          {deal.isNew && <NewBadge />}
          {isImpersonating && <ReviewBadge reviewStatus={deal.reviewStatus} />}
        </div>
      </header>

      {isImpersonating && <AdminReview campaign={deal} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ImageCarousel images={deal.images} title={deal.title} />
        <div className="space-y-4 self-start">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <Detail label={t("DEAL_PAGE.BRAND")}>
              {/* An influencer gets the brand's id and short form; an admin acting as one reads the name only. */}
              {deal.brand ? (
                <span className="flex flex-col gap-1">
                  <Link
                    to={brandPath(deal.brand.id)}
                    className="font-semibold text-brand-800 underline"
                    data-testid="deal-brand"
                  >
                    {deal.author}
                  </Link>
                  <span className="text-slate-700">
                    <BrandBriefLine brand={deal.brand} />
                  </span>
                </span>
              ) : (
                <span className="font-semibold" data-testid="deal-brand">
                  {deal.author}
                </span>
              )}
            </Detail>
            <Detail label={t("CAMPAIGN.WEBSITE")}>
              <a
                href={deal.link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="break-all text-brand-800 underline"
              >
                {deal.link}
                <span className="sr-only"> {t("DEAL_PAGE.NEW_TAB")}</span>
              </a>
            </Detail>
            <Detail label={t("CAMPAIGN.CATEGORY")}>{t(`CATEGORY.${deal.category}`)}</Detail>
            <Detail label={t("CAMPAIGN.PRICE")}>{priceRangeLabel(deal.price)}</Detail>
            <Detail label={t("CAMPAIGN.NETWORKS")}>
              <ul className="flex flex-wrap gap-x-4 gap-y-2">
                {deal.networks.map((network) => (
                  <li key={network}>
                    <NetworkBadge type={network} />
                  </li>
                ))}
              </ul>
            </Detail>
            <Detail label={t("CAMPAIGN.DEADLINE")}>
              {formatDeadline(deal.deadline)} · <RemainingLabel remainingMs={deal.remainingDuration} />
            </Detail>
            {/* The server sends the count to an admin acting as the influencer only (spec section 6). */}
            {deal.applicants !== undefined && (
              <Detail label={t("CAMPAIGN.APPLICANTS")}>
                <span data-testid="deal-applicants">{deal.applicants}</span>
              </Detail>
            )}
          </dl>
          <DealActionsPanel deal={deal} />
        </div>
      </div>

      <DealSections deal={deal} />
    </article>
  );
}

/** What the influencer can do: send a proposal, see and update theirs, or why they cannot. */
function DealActionsPanel({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [dialogOpen, setDialogOpen] = useState(false);
  const application = deal.application ?? null;
  const expiredAnswer = useExpiredAnswer(application?.id ?? null);
  const actions = dealActions(deal, application, new Date());

  // A first proposal replaces the "Send a proposal" button, which had the focus when the modal closed: the panel
  // that takes its place gets it, so a keyboard user keeps their place instead of starting from the top.
  const panelRef = useRef<HTMLDivElement>(null);
  const hadApplication = useRef(application !== null);
  useEffect(() => {
    if (application && !hadApplication.current && document.activeElement === document.body) panelRef.current?.focus();
    hadApplication.current = application !== null;
  }, [application]);

  // The server says the proposal expired: reload the deal so the panel shows where it stands now.
  useEffect(() => {
    if (expiredAnswer) void utils.deals.get.invalidate({ id: deal.id });
  }, [expiredAnswer, utils, deal.id]);

  const open = () => setDialogOpen(true);
  return (
    <section aria-label={t("DEAL_PAGE.ACTIONS")} className="space-y-4">
      {actions.notice && (
        <p
          role="status"
          className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm"
          data-testid="deal-notice"
        >
          {t(actions.notice === "closed" ? "DEAL.ERROR_CLOSED" : "DEAL.ERROR_PAUSED")}
        </p>
      )}
      {actions.canSend && (
        <Button onClick={open} className="w-full sm:w-auto">
          {t("DEAL_PAGE.SEND")}
        </Button>
      )}
      {application && actions.proposal && (
        <div ref={panelRef} tabIndex={-1} data-testid="own-application-focus">
          <ProposalPanel application={application} expired={actions.proposal.expired || expiredAnswer}>
            <div className="flex flex-wrap items-center gap-3">
              {actions.proposal.canUpdate && !expiredAnswer && (
                <Button variant="secondary" onClick={open}>
                  {t("DEAL_PAGE.UPDATE")}
                </Button>
              )}
              {/* The application page: the whole proposal, its status and the chat with the brand. */}
              <Link to={applicationPath("influencer", application.id)} className="text-brand-800 underline">
                {t("DEAL_PAGE.OPEN_PROPOSAL")}
              </Link>
            </div>
          </ProposalPanel>
        </div>
      )}
      <ProposalDialog
        deal={deal}
        application={application}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onSaved={() => void utils.deals.get.invalidate({ id: deal.id })}
      />
    </section>
  );
}
