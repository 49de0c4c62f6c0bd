import type { CreatedApiKeyJson } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";

/** A new key's text, this once: a copy button and a clear warning, as nothing can show it again. */
export function ShownKeyDialog({ made, onClose }: { made: CreatedApiKeyJson | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      open={made !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent title={t("SETTINGS.API.SHOWN_TITLE", { name: made?.apiKey.name ?? "" })}>
        <div className="space-y-4">
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t("SETTINGS.API.SHOWN_ONCE")}
          </p>
          <label className="block text-sm font-medium text-slate-800" htmlFor="shown-api-key">
            {t("SETTINGS.API.KEY")}
          </label>
          <input
            id="shown-api-key"
            data-testid="shown-api-key"
            readOnly
            value={made?.key ?? ""}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? t("SETTINGS.API.COPIED") : t("SETTINGS.API.COPY")}
            </Button>
            <Button onClick={() => onClose()}>{t("SETTINGS.API.DONE")}</Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
