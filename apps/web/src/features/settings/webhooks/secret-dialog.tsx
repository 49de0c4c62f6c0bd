import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";

/** A new or rolled signing secret, shown this once: the server keeps it sealed and never answers it again. */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: { url: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("SETTINGS.WEBHOOKS.SECRET_TITLE")}>
        {shown && (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">{t("SETTINGS.WEBHOOKS.SECRET_ONCE", { url: shown.url })}</p>
            <input
              readOnly
              aria-label={t("SETTINGS.WEBHOOKS.SECRET_LABEL")}
              value={shown.secret}
              data-testid="webhook-secret"
              onFocus={(event) => event.target.select()}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
            />
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(shown.secret)}>
                {t("SETTINGS.WEBHOOKS.COPY")}
              </Button>
              <Button onClick={onClose}>{t("SETTINGS.WEBHOOKS.SECRET_DONE")}</Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
