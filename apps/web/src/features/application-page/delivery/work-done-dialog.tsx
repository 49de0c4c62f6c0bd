import { type ApplicationPageView, DELIVERY_MAX_FILES, DELIVERY_NOTE_MAX_LENGTH } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../../lib/application-action-error";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { INPUT_CLASS } from "../../../ui/form-fields";
import { workDoneIntroKey } from "./countdown-text";
import { DeliveryUploads } from "./delivery-uploads";
import {
  type DraftErrors,
  draftErrors,
  initialDraft,
  linkProblem,
  serverDraftErrors,
  type WorkDoneDraft,
  workDoneBody,
} from "./work-done-draft";

interface WorkDoneDialogProps {
  view: ApplicationPageView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends POST /api/applications/{id}/done with the body; rejects with the server's error. */
  onSend: (body: ReturnType<typeof workDoneBody>) => Promise<unknown>;
}

/** Scrolls within the screen: a delivery with several networks and files is taller than a phone. */
const TALL_DIALOG =
  "top-1/2 left-1/2 max-h-[calc(100vh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg";

/**
 * The work-done modal (issue 37): the link of the published post for each hired network, checked by that network's
 * rule as the user types; screenshots or the raw content uploaded as chat files; a note. A redelivery after the
 * brand's contest opens with the previous links.
 */
export function WorkDoneDialog(props: WorkDoneDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={t("WORK_DONE_MODAL.TITLE")} className={TALL_DIALOG}>
        {props.open && <WorkDoneForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function WorkDoneForm({ view, onOpenChange, onSend }: WorkDoneDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<WorkDoneDraft>(() => initialDraft(view));
  // A link is judged once typed into (or prefilled), every field once a send was tried.
  const [touched, setTouched] = useState<ReadonlySet<string>>(
    () => new Set(draft.links.filter((line) => line.url !== "").map((line) => line.network)),
  );
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);

  const local = draftErrors(draft);
  const errorOf = (field: keyof DraftErrors): string | undefined =>
    serverErrors[field] ?? (tried || touched.has(field) ? local[field] : undefined);

  const setLink = (index: number, url: string) => {
    const network = draft.links[index]?.network;
    if (!network) return;
    setDraft((current) => ({
      ...current,
      links: current.links.map((line, at) => (at === index ? { ...line, url } : line)),
    }));
    setTouched((current) => new Set(current).add(network));
    setServerErrors(({ [network]: _dropped, ...rest }) => rest);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || uploading) return;
    setTried(true);
    setFailure(null);
    const first = draft.links.find((line) => linkProblem(line.network, line.url));
    if (Object.keys(local).length > 0) {
      const target = first ? `${id}-${first.network}` : `${id}-note`;
      document.getElementById(target)?.focus();
      return;
    }
    setPending(true);
    try {
      await onSend(workDoneBody(view.id, draft));
      onOpenChange(false);
    } catch (error) {
      const issues =
        error instanceof TRPCClientError ? ((error.data as { issues?: unknown[] } | undefined)?.issues ?? []) : [];
      const fields = serverDraftErrors(issues as { path?: unknown; message?: unknown }[], draft);
      setServerErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : t(actionErrorKey(error, "WORK_DONE_MODAL.ERROR")));
      setPending(false);
    }
  };

  const formError = failure ?? serverErrors[""] ?? null;
  return (
    <form onSubmit={send} noValidate className="space-y-4" data-testid="work-done-dialog">
      <p className="text-sm text-slate-600">{t(workDoneIntroKey(view.countdown))}</p>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{t("WORK_DONE_MODAL.LINKS")}</legend>
        {draft.links.map((line, index) => {
          const error = errorOf(line.network);
          const fieldId = `${id}-${line.network}`;
          return (
            <div key={line.network}>
              <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
                {t("WORK_DONE_MODAL.LINK", { network: t(`NETWORK.${line.network}`) })}
              </label>
              <input
                id={fieldId}
                type="url"
                inputMode="url"
                autoComplete="off"
                className={INPUT_CLASS}
                value={line.url}
                onChange={(event) => setLink(index, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                data-testid={`delivery-link-${line.network}`}
              />
              {error && (
                <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <DeliveryUploads
        applicationId={view.id}
        files={draft.files}
        max={DELIVERY_MAX_FILES}
        error={errorOf("files")}
        onUploading={setUploading}
        onChange={(files) => {
          setDraft((current) => ({ ...current, files }));
          setServerErrors(({ files: _dropped, ...rest }) => rest);
        }}
      />
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          {t("WORK_DONE_MODAL.NOTE")}
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          className={INPUT_CLASS}
          value={draft.note}
          maxLength={DELIVERY_NOTE_MAX_LENGTH}
          onChange={(event) => setDraft((current) => ({ ...current, note: event.target.value }))}
          aria-invalid={errorOf("note") ? true : undefined}
          aria-describedby={errorOf("note") ? `${id}-note-error` : undefined}
        />
        {errorOf("note") && (
          <p id={`${id}-note-error`} className="mt-1 text-sm text-red-700">
            {errorOf("note")}
          </p>
        )}
      </div>
      <div role="alert" data-testid="work-done-dialog-error">
        {formError && (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
        )}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("WORK_DONE_MODAL.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending || uploading} aria-busy={pending}>
          {t("WORK_DONE_MODAL.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}
