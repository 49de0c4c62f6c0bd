import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../ui/toast-store";

/**
 * Pause, resume and delete of a campaign (spec sections 4 and 8): each success shows its toast and refetches the
 * brand's campaigns (so the tab counts are recalculated) and the campaign itself; a failure shows the server's
 * reason, or the generic error.
 */
export function useCampaignActions() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const onError = (error: unknown) => {
    toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)]));
  };
  const refresh = (id: number) => Promise.all([utils.deals.mine.invalidate(), utils.deals.get.invalidate({ id })]);

  const pause = trpc.deals.pause.useMutation({
    onSuccess: async (_data, { id }) => {
      // The input's id is coerced (it may come from a REST path), so its input type is unknown.
      toast.success(t("CAMPAIGNS.PAUSE_SUCCESS"));
      await refresh(Number(id));
    },
    onError,
  });
  const resume = trpc.deals.resume.useMutation({
    onSuccess: async (_data, { id }) => {
      // The input's id is coerced (it may come from a REST path), so its input type is unknown.
      toast.success(t("CAMPAIGNS.RESUME_SUCCESS"));
      await refresh(Number(id));
    },
    onError,
  });
  const remove = trpc.deals.remove.useMutation({
    onSuccess: async () => {
      toast.success(t("CAMPAIGNS.DELETE_SUCCESS"));
      // The campaign page of a deleted campaign is left by the caller; only the list needs its fresh counts.
      await utils.deals.mine.invalidate();
    },
    onError,
  });

  return {
    pause: (id: number) => pause.mutate({ id }),
    resume: (id: number) => resume.mutate({ id }),
    /** Resolves true once deleted, false when the deletion failed (its toast already shown). */
    remove: async (id: number): Promise<boolean> => {
      try {
        await remove.mutateAsync({ id });
        return true;
      } catch {
        return false;
      }
    },
    /** The id of the campaign an action is running on, so its controls can wait. */
    busyId: pendingId([pause, resume, remove]),
    deleting: remove.isPending,
  };
}

function pendingId(mutations: readonly { isPending: boolean; variables?: { id: unknown } }[]): number | null {
  const id = mutations.find((mutation) => mutation.isPending)?.variables?.id;
  return id === undefined ? null : Number(id);
}

export type CampaignActions = ReturnType<typeof useCampaignActions>;
