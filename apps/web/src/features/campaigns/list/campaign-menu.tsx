import type { DealView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../ui/dropdown-menu";
import { actionsFor } from "./list-state";
import { editCampaignPath } from "./paths";

interface CampaignMenuProps {
  campaign: Pick<DealView, "id" | "title" | "status" | "applicants">;
  busy: boolean;
  onPause: (id: number) => void;
  onResume: (id: number) => void;
  onDelete: (campaign: { id: number; title: string }) => void;
}

/** The per-campaign menu of spec section 2: edit, and resume, pause or delete when they apply (actionsFor). */
export function CampaignMenu({ campaign, busy, onPause, onResume, onDelete }: CampaignMenuProps) {
  const { t } = useTranslation();
  const actions = actionsFor(campaign);
  return (
    // Not modal: the delete item opens a dialog, which takes over focus and pointer handling itself.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={t("CAMPAIGNS.MENU", { title: campaign.title })}
        disabled={busy}
        aria-busy={busy}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-700 hover:bg-slate-50 disabled:opacity-50"
      >
        <span aria-hidden="true">⋯</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link to={editCampaignPath(campaign.id)}>{t("CAMPAIGNS.EDIT")}</Link>
        </DropdownMenuItem>
        {actions.includes("resume") && (
          <DropdownMenuItem onSelect={() => onResume(campaign.id)}>{t("CAMPAIGNS.RESUME")}</DropdownMenuItem>
        )}
        {actions.includes("pause") && (
          <DropdownMenuItem onSelect={() => onPause(campaign.id)}>{t("CAMPAIGNS.PAUSE")}</DropdownMenuItem>
        )}
        {actions.includes("delete") && (
          <DropdownMenuItem
            className="text-red-800"
            onSelect={() => onDelete({ id: campaign.id, title: campaign.title })}
          >
            {t("CAMPAIGNS.DELETE")}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
