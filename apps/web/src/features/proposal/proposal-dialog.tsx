import type { DealView, OwnApplicationSummary, ProposalResult } from "@market/contracts";
import type { JSX } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { LoadingLine } from "../../ui/query-states";
import { ProposalForm } from "./proposal-form";
import { priceableLines, proposalTableOf } from "./proposal-lines";
import { ManageNetworksLink, ProposalTable } from "./proposal-table";

export interface ProposalDialogProps {
  /**
   * The deal being applied to: its id, title and the network types it asks for; and its deadline, which caps a new
   * proposal's default expiration (update mode keeps the application's own, so it needs none).
   */
  deal: Pick<DealView, "id" | "title" | "networks"> & Partial<Pick<DealView, "deadline">>;
  /** The influencer's own application on this deal: null = new mode, otherwise update mode. */
  application: OwnApplicationSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful send/update with the server's answer (the page refetches the deal). */
  onSaved: (result: ProposalResult) => void;
}

/**
 * The proposal modal (spec section 2), new mode (no application) or update mode (the influencer's WAITING
 * application). The change mode of the brand is not part of it.
 */
export function ProposalDialog({ deal, application, open, onOpenChange, onSaved }: ProposalDialogProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(application ? "PROPOSAL_MODAL.TITLE_UPDATE" : "PROPOSAL_MODAL.TITLE_NEW", { title: deal.title })}
        className="top-1/2 left-1/2 max-h-[calc(100vh-2rem)] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg"
      >
        {/* Mounted only while open: each opening starts from the application (or blank) again. */}
        {open && (
          <ProposalBody deal={deal} application={application} onClose={() => onOpenChange(false)} onSaved={onSaved} />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ProposalBodyProps {
  deal: ProposalDialogProps["deal"];
  application: OwnApplicationSummary | null;
  onClose: () => void;
  onSaved: (result: ProposalResult) => void;
}

/** The influencer's networks decide the table: loading, load error with retry, nothing priceable, or the form. */
function ProposalBody({ deal, application, onClose, onSaved }: ProposalBodyProps) {
  const { t } = useTranslation();
  const networks = trpc.networks.list.useQuery();
  if (networks.isPending) return <LoadingLine />;
  if (networks.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{t("PROPOSAL_MODAL.LOAD_ERROR")}</p>
        <Button
          variant="secondary"
          onClick={() => void networks.refetch()}
          disabled={networks.isFetching}
          aria-busy={networks.isFetching}
        >
          {t("GLOBAL.RETRY")}
        </Button>
      </div>
    );
  }
  const table = proposalTableOf(networks.data.networks, deal.networks);
  if (priceableLines(table.lines).length === 0) {
    const asked = deal.networks.map((type) => t(`NETWORK.${type}`)).join(", ");
    return (
      <div className="space-y-4">
        {table.lines.length > 0 && (
          <ProposalTable lines={table.lines} values={{}} errors={{}} onChange={() => {}} onNavigate={onClose} />
        )}
        <p role="status" data-testid="proposal-no-network" className="text-slate-800">
          {t("PROPOSAL_MODAL.NO_PRICEABLE", { networks: asked })}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* The way forward, not a side link: the networks tab brings the influencer back here once linked. */}
          <Button asChild>
            <ManageNetworksLink onNavigate={onClose} className="" label="PROPOSAL_MODAL.LINK_NETWORK" />
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t("PROPOSAL_MODAL.CANCEL")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ProposalForm
      dealId={deal.id}
      dealDeadline={deal.deadline ?? null}
      application={application}
      lines={table.lines}
      nonApplied={table.nonApplied}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
