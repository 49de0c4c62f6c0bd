import type { ApplicationPageView } from "@market/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatLocation } from "../../lib/influencer-format";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { DeliverySection } from "../../ui/delivery/delivery-section";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
import { toast } from "../../ui/toast-store";
// Cross-feature imports allowed by scripts/feature-imports.ts: the page opens the proposal modal (update and
// change modes), a dialog of its own that the deal page opens too.
import { ChangeRequestDialog } from "../proposal/change-request-dialog";
import { ProposalDialog } from "../proposal/proposal-dialog";
import { ChatPanel } from "./chat/chat-panel";
import { chatQueryKey } from "./chat/chat-query";
import { CheckoutDialog } from "./checkout/checkout-dialog";
import { DeclineDialog } from "./decline-dialog";
import { AdminControls } from "./delivery/admin-controls";
import { DeliveryActions } from "./delivery/delivery-actions";
import { ReleaseCountdown } from "./delivery/release-countdown";
import { FeedbackPanel } from "./feedback-panel";
import { HelpDialog } from "./help-dialog";
import { allTicked, hireTotals, toggleTick } from "./hire-selection";
import { HireTable } from "./hire-table";
import { ProposalSummary } from "./proposal-summary";
import { ReceiptLink } from "./receipt-link";
import { ReviewPanel } from "./review-panel";
import { StatusBanner } from "./status-banner";
import { useSeeApplication } from "./use-see-application";

interface ApplicationPageProps {
  /** The {id} of the path, as typed. */
  rawId: string;
  /** The `arbitration` query parameter is present: the help modal opens with the page. */
  arbitration: boolean;
  /** Drops the `arbitration` parameter once its modal is closed, so a reload does not open it again. */
  onArbitrationClosed: () => void;
}

/** Reasons a second try would answer the same way. */
const FINAL_REASONS = ["not_found", "unauthorized", "forbidden"] as const;

/**
 * One application (spec section 2): /applications/{id} for the brand, /proposals/{id} for the influencer, from
 * applications.get, which answers its two parties only (and an admin acting as either); anyone else reads "does
 * not exist".
 */
export function ApplicationPage({ rawId, arbitration, onArbitrationClosed }: ApplicationPageProps) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const application = trpc.applications.get.useQuery(
    { id: id ?? 0 },
    // No polling: a notification about this application reads it again (features/notifications), and the chat
    // follows its message count.
    { enabled: id !== null, ...pageObjectQuery(FINAL_REASONS) },
  );
  useDocumentTitle(application.data ? titleOf(t, application.data) : t("APPLICATION_PAGE.TITLE"));
  // Only once the viewer is known to be a party: the page shows the application.
  useSeeApplication(application.data ? application.data.id : null, application.dataUpdatedAt);
  const back = <BackLink view={application.data} />;

  return (
    <QueryStates
      query={application}
      validId={id !== null}
      keepDataOnError
      notFound={<NotFoundPanel back={back}>{t("APPLICATION_PAGE.NOT_FOUND")}</NotFoundPanel>}
      back={back}
      loadError={t("APPLICATION_PAGE.LOAD_ERROR")}
    >
      {(view) => <ApplicationDetails view={view} arbitration={arbitration} onArbitrationClosed={onArbitrationClosed} />}
    </QueryStates>
  );
}

const titleOf = (t: TFunction, view: ApplicationPageView) =>
  view.role === "brand"
    ? t("APPLICATION_PAGE.TITLE_BRAND", { username: view.influencer.username })
    : t("APPLICATION_PAGE.TITLE_INFLUENCER", { title: view.deal.title });

/**
 * Back to the deal the application is on: the brand's campaign page, the influencer's deal page; home when the
 * viewer can no longer open the deal (deleted, or rejected by the review for an influencer).
 */
function BackLink({ view }: { view: ApplicationPageView | undefined }) {
  const { t } = useTranslation();
  const className = "text-brand-800 underline";
  if (!view?.deal.available) {
    return (
      <Link to="/" className={className}>
        {t("APPLICATION_PAGE.BACK")}
      </Link>
    );
  }
  return (
    <Link to={view.role === "brand" ? `/campaigns/${view.deal.id}` : `/deals/${view.deal.id}`} className={className}>
      {t("APPLICATION_PAGE.BACK_TO_DEAL", { title: view.deal.title })}
    </Link>
  );
}

type OpenDialog = "update" | "changes" | "decline" | "help" | "checkout" | null;

function ApplicationDetails({
  view,
  arbitration,
  onArbitrationClosed,
}: { view: ApplicationPageView } & Omit<ApplicationPageProps, "rawId">) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenDialog>(arbitration && view.actions.includes("arbitration") ? "help" : null);
  const requestChanges = trpc.applications.requestChanges.useMutation();
  const decline = trpc.applications.decline.useMutation();
  const help = trpc.chat.requestArbitration.useMutation();
  // The hire table's ticks live here: the checkout pays for them, with the figures of the page as last read.
  const [ticked, setTicked] = useState(() => allTicked(view.prices));
  const totals = hireTotals(view.prices, ticked, view.fees.b);
  const can = (action: ApplicationPageView["actions"][number]) => view.actions.includes(action);

  // An action changes the application and writes to its chat: both are read again.
  const refresh = () =>
    Promise.all([
      utils.applications.get.invalidate({ id: view.id }),
      queryClient.invalidateQueries({ queryKey: chatQueryKey(view.id) }),
    ]);
  const closeDialog = (next: boolean) => {
    if (next) return;
    if (open === "help" && arbitration) onArbitrationClosed();
    setOpen(null);
  };
  // A refusal (the application moved on in another tab, say) reads the page again too, so its actions are current.
  const act = async (send: () => Promise<unknown>, success: string) => {
    try {
      await send();
    } catch (failure) {
      void refresh();
      throw failure;
    }
    toast.success(success);
    await refresh();
  };
  const brand = view.role === "brand";

  return (
    <article aria-labelledby="application-title" className="space-y-6">
      <BackLink view={view} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 id="application-title" className="text-2xl font-bold break-words">
            {titleOf(t, view)}
          </h1>
          <p className="text-sm text-slate-600">
            {t("APPLICATION_PAGE.DEAL")}: <span className="font-medium text-slate-900">{view.deal.title}</span>
            {" · "}
            {t("APPLICATION_PAGE.BRAND")}: <span className="font-medium text-slate-900">{view.deal.author}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-testid="application-actions">
          {!brand && can("update") && <Button onClick={() => setOpen("update")}>{t("APPLICATION_PAGE.UPDATE")}</Button>}
          {brand && can("requestChanges") && (
            <Button variant="secondary" onClick={() => setOpen("changes")}>
              {t("APPLICATION_PAGE.REQUEST_CHANGES")}
            </Button>
          )}
          {brand && can("decline") && (
            <Button variant="secondary" onClick={() => setOpen("decline")}>
              {t("APPLICATION_PAGE.DECLINE")}
            </Button>
          )}
          <DeliveryActions view={view} onChanged={refresh} />
          <ReceiptLink view={view} />
          {can("arbitration") && (
            <Button variant="ghost" onClick={() => setOpen("help")}>
              {t("APPLICATION_PAGE.HELP")}
            </Button>
          )}
        </div>
      </header>

      {view.impersonating && (
        <p
          role="note"
          data-testid="application-admin"
          className="rounded-md border border-purple-200 bg-purple-50 p-3 text-sm text-purple-950"
        >
          {t("APPLICATION_PAGE.ADMIN_VIEW", { username: brand ? view.author.username : view.influencer.username })}
        </p>
      )}

      <AdminControls view={view} onChanged={refresh} />

      <StatusBanner view={view} />
      <ReleaseCountdown view={view} />
      <FeedbackPanel view={view} />
      <ReviewPanel view={view} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {brand && <InfluencerCard view={view} />}
          <ProposalSummary view={view} />
          {view.delivery && <DeliverySection delivery={view.delivery} />}
          {brand && view.status === "WAITING" && (
            <HireTable
              view={view}
              ticked={ticked}
              onToggle={(index) => setTicked((current) => toggleTick(current, index))}
              totals={totals}
              mayAccept={can("accept")}
              onAccept={() => setOpen("checkout")}
            />
          )}
        </div>
        <ChatPanel view={view} />
      </div>

      {!brand && (
        <ProposalDialog
          deal={view.deal}
          application={{
            id: view.id,
            status: view.status,
            deniedReason: view.deniedReason,
            expiration: view.expiration,
            refund: view.refund,
            prices: view.prices,
          }}
          open={open === "update"}
          onOpenChange={closeDialog}
          onSaved={() => void refresh()}
        />
      )}
      {brand && (
        <>
          <ChangeRequestDialog
            title={view.deal.title}
            prices={view.prices}
            open={open === "changes"}
            onOpenChange={closeDialog}
            onSend={async (prices) => {
              await act(() => requestChanges.mutateAsync({ id: view.id, prices }), t("PROPOSAL_MODAL.SUCCESS_CHANGE"));
            }}
          />
          <CheckoutDialog
            open={open === "checkout"}
            onOpenChange={closeDialog}
            applicationId={view.id}
            username={view.influencer.username}
            figures={totals}
            onPaid={(processing) => {
              const done = processing ? "CHECKOUT_MODAL.PROCESSING" : "CHECKOUT_MODAL.SUCCESS";
              toast.success(t(done, { username: view.influencer.username }));
              setOpen(null);
              void refresh();
            }}
            onPriceChanged={() => void refresh()}
          />
          <DeclineDialog
            open={open === "decline"}
            onOpenChange={closeDialog}
            onDecline={async (reason) => {
              await act(() => decline.mutateAsync({ id: view.id, reason }), t("DECLINE_MODAL.SUCCESS"));
            }}
          />
        </>
      )}
      <HelpDialog
        applicationId={view.id}
        open={open === "help"}
        onOpenChange={closeDialog}
        onSend={async (text) => {
          await act(() => help.mutateAsync({ id: view.id, text }), t("HELP_MODAL.SUCCESS"));
        }}
      />
    </article>
  );
}

/** The brand's view of who applied, with the way to the influencer's profile. */
function InfluencerCard({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const { influencer } = view;
  const place = formatLocation(influencer.city, influencer.country);
  return (
    <section
      aria-label={t("APPLICATION_PAGE.INFLUENCER")}
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <Avatar name={influencer.username} src={influencer.picture} className="size-14 text-lg" />
      <div className="min-w-0">
        <p className="font-semibold break-words">{influencer.username}</p>
        {place && <p className="text-sm text-slate-600">{place}</p>}
        <Link
          to={`/influencers/${influencer.id}`}
          search={{ application: view.id }}
          className="text-sm text-brand-800 underline"
          data-testid="influencer-link"
        >
          {t("APPLICATION_PAGE.VIEW_PROFILE", { username: influencer.username })}
        </Link>
      </div>
    </section>
  );
}
