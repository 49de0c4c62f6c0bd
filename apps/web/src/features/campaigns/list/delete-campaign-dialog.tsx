import { AlertDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";

interface DeleteCampaignDialogProps {
  /** The campaign to delete, or null when the dialog is closed. */
  campaign: { id: number; title: string } | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (id: number) => void;
  busy: boolean;
}

/**
 * Spec section 4: deleting a campaign asks for confirmation first. An alert dialog: focus starts on Cancel,
 * Escape cancels, and it stays open while the deletion runs (a failure shows its toast and leaves it open).
 */
export function DeleteCampaignDialog({ campaign, onOpenChange, onConfirm, busy }: DeleteCampaignDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={campaign !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      {campaign && (
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">{t("CAMPAIGNS.DELETE_TITLE")}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700">
              {t("CAMPAIGNS.DELETE_TEXT", { title: campaign.title })}
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={busy}>
                  {t("CAMPAIGNS.CANCEL")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                className="bg-red-700 hover:bg-red-800"
                onClick={() => onConfirm(campaign.id)}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? t("CAMPAIGNS.DELETING") : t("CAMPAIGNS.DELETE_CONFIRM")}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      )}
    </AlertDialog.Root>
  );
}
