import type { CampaignInput } from "@market/contracts";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { toast } from "../../../ui/toast-store";
import { campaignPath } from "../list/paths";
import { CampaignWizard } from "./campaign-wizard";
import { saveErrorKey } from "./save-error";
import { draftFromDeal, emptyDraft, initialWizard, loadedWizard } from "./wizard-state";

/** /campaigns/new: the wizard on an empty campaign with the default deadline; launching creates it. */
export function NewCampaignPage() {
  const { t } = useTranslation();
  const title = t("NEW_CAMPAIGN.TITLE_NEW");
  useDocumentTitle(title);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [initial] = useState(() => initialWizard(emptyDraft(new Date())));
  const create = trpc.deals.create.useMutation({
    onSuccess: async ({ id }) => {
      toast.success(t("NEW_CAMPAIGN.SUCCESS"));
      void utils.deals.mine.invalidate();
      await navigate({ to: campaignPath(id) });
    },
    onError: (error) => {
      toast.error(t(saveErrorKey(reasonOf(error), "create")));
    },
  });
  return (
    <CampaignWizard
      mode="create"
      title={title}
      initial={initial}
      saving={create.isPending || create.isSuccess}
      onLaunch={(input: CampaignInput) => create.mutate(input)}
    />
  );
}

/**
 * /campaigns/{id}/edit: loads the campaign, fills the wizard and opens it on the done step; a campaign that
 * cannot be loaded sends the brand to its page (spec section 2). Saving updates it.
 */
export function EditCampaignPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const title = t("NEW_CAMPAIGN.TITLE_EDIT");
  useDocumentTitle(title);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const deal = trpc.deals.get.useQuery(
    { id },
    { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: Infinity },
  );
  const failed = deal.isError;

  useEffect(() => {
    if (failed) {
      toast.error(t("NEW_CAMPAIGN.LOAD_ERROR"));
      void navigate({ to: campaignPath(id), replace: true });
    }
  }, [failed, id, navigate, t]);

  const update = trpc.deals.update.useMutation({
    onSuccess: async () => {
      toast.success(t("NEW_CAMPAIGN.SUCCESS_EDIT"));
      await Promise.all([utils.deals.get.invalidate({ id }), utils.deals.mine.invalidate()]);
      await navigate({ to: campaignPath(id) });
    },
    onError: (error) => {
      toast.error(t(saveErrorKey(reasonOf(error), "update")));
    },
  });

  // Computed once per loaded campaign: the wizard keeps its own state from there.
  const initial = useMemo(() => (deal.data ? loadedWizard(draftFromDeal(deal.data), new Date()) : null), [deal.data]);

  if (!deal.data || !initial) {
    return (
      <p role="status" className="p-6 text-slate-700">
        {failed ? t("NEW_CAMPAIGN.LOAD_ERROR") : t("NEW_CAMPAIGN.LOADING")}
      </p>
    );
  }
  return (
    <CampaignWizard
      // A new wizard for each loaded campaign: the state starts from the stored one.
      key={deal.data.id}
      mode="update"
      title={title}
      initial={initial}
      saving={update.isPending || update.isSuccess}
      onLaunch={(campaign) => update.mutate({ id, campaign })}
    />
  );
}
