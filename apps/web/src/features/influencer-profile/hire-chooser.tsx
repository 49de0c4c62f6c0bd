import { Link } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { toast } from "../../ui/toast-store";
import { hireChoices } from "./hire-choices";

interface HireChooserProps {
  /** The route id of the profile (the opaque search id). */
  influencerId: string;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The brand's Hire chooser (spec section 2): a checkbox list of its own open campaigns, cancel and send. Send
 * with nothing ticked just closes; without an open campaign a notice offers the campaign list or a new one.
 * Campaigns not approved yet (or rejected) are shown greyed with their review status and a line saying why,
 * since the server refuses invitations to them (spec section 4).
 */
export function HireChooser({ influencerId, username, open, onOpenChange }: HireChooserProps) {
  const { t } = useTranslation();
  const listId = useId();
  const whyId = useId();
  const campaigns = trpc.deals.mine.useQuery(undefined, { enabled: open });
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (!open) setChosen([]);
  }, [open]);
  const invite = trpc.influencers.invite.useMutation({
    onSuccess: () => {
      toast.success(t("INFLUENCER.HIRE.SUCCESS"));
      onOpenChange(false);
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  const choices = hireChoices(campaigns.data ?? []);
  const anySelectable = choices.some((choice) => choice.selectable);
  const send = () => {
    if (chosen.length === 0) onOpenChange(false);
    else invite.mutate({ id: influencerId, campaigns: chosen });
  };
  const toggle = (id: number, checked: boolean) =>
    setChosen((current) => (checked ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("INFLUENCER.HIRE.TITLE", { username })}>
        {campaigns.isPending ? (
          <p role="status">{t("GLOBAL.LOADING")}</p>
        ) : campaigns.isError ? (
          <div className="space-y-3">
            <p role="alert">{t("INFLUENCER.HIRE.LOAD_ERROR")}</p>
            <Button variant="secondary" onClick={() => void campaigns.refetch()}>
              {t("GLOBAL.RETRY")}
            </Button>
          </div>
        ) : choices.length === 0 ? (
          <div className="space-y-4" data-testid="hire-no-campaign">
            <p role="status">{t("INFLUENCER.HIRE.NONE_OPEN")}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="secondary">
                <Link to="/campaigns">{t("INFLUENCER.HIRE.SEE_CAMPAIGNS")}</Link>
              </Button>
              <Button asChild>
                <Link to="/campaigns/new">{t("INFLUENCER.HIRE.CREATE_CAMPAIGN")}</Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <fieldset aria-labelledby={listId}>
              <legend id={listId} className="mb-2 font-medium">
                {t("INFLUENCER.HIRE.CHOOSE")}
              </legend>
              <ul className="max-h-72 space-y-1 overflow-y-auto">
                {choices.map((choice) => (
                  <li key={choice.id}>
                    <label
                      className={
                        choice.selectable
                          ? "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-slate-50"
                          : "flex cursor-not-allowed items-center gap-2 rounded px-2 py-1.5 text-slate-500"
                      }
                    >
                      <input
                        type="checkbox"
                        className="size-4"
                        disabled={!choice.selectable}
                        aria-describedby={choice.selectable ? undefined : whyId}
                        checked={chosen.includes(choice.id)}
                        onChange={(event) => toggle(choice.id, event.target.checked)}
                      />
                      <span className="min-w-0 flex-1">{choice.title}</span>
                      {!choice.selectable && (
                        <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {t(`CAMPAIGN.REVIEW_STATUS.${choice.reviewStatus}`)}
                        </span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {choices.some((choice) => !choice.selectable) && (
              <p id={whyId} className="text-sm text-slate-600" data-testid="hire-not-approved">
                {t("INFLUENCER.HIRE.NOT_APPROVED_WHY")}
              </p>
            )}
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                {t("INFLUENCER.HIRE.CANCEL")}
              </Button>
              {anySelectable && (
                <Button onClick={send} disabled={invite.isPending} aria-busy={invite.isPending}>
                  {t("INFLUENCER.HIRE.SEND")}
                </Button>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
