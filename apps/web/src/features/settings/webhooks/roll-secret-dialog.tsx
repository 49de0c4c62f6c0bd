import { WEBHOOK_ROLL_DEFAULT_MINUTES, type WebhookEndpointView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { toast } from "../../../ui/toast-store";
import type { RollEnd } from "../api-keys/key-form";
import { RollEndField } from "../roll-end-field";

/**
 * "Roll secret": a new signing secret, the old one still signing beside it for the time chosen (a day unless
 * changed, as an API key's roll), so the receiving server can switch without refusing an event.
 */
export function RollSecretDialog({
  endpoint,
  onRolled,
}: {
  endpoint: WebhookEndpointView;
  onRolled: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [end, setEnd] = useState<RollEnd>(WEBHOOK_ROLL_DEFAULT_MINUTES as RollEnd);
  const roll = trpc.webhooks.rollSecret.useMutation({
    onSuccess: (rolled) => {
      setOpen(false);
      onRolled(rolled.secret);
      void utils.webhooks.list.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("SETTINGS.WEBHOOKS.ROLL")}
      </Button>
      <DialogContent title={t("SETTINGS.WEBHOOKS.ROLL_TITLE")}>
        <div className="space-y-4">
          <p className="text-slate-700">{t("SETTINGS.WEBHOOKS.ROLL_TEXT", { url: endpoint.url })}</p>
          <RollEndField label={t("SETTINGS.WEBHOOKS.ROLL_END")} value={end} onChange={setEnd} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("SETTINGS.WEBHOOKS.CANCEL")}
            </Button>
            <Button
              onClick={() => roll.mutate({ id: endpoint.id, oldSecretExpiresInMinutes: end })}
              disabled={roll.isPending}
              aria-busy={roll.isPending}
            >
              {t("SETTINGS.WEBHOOKS.ROLL_CONFIRM")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
