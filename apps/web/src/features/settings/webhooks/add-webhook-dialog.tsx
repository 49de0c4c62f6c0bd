import {
  createWebhookInput,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookWithSecret,
} from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { INPUT_CLASS } from "../../../ui/form-fields";
import { DialogFormEnd } from "../../../ui/networks/confirm-dialog";
import { serverUrlProblem } from "./url-problem";

interface AddWebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookWithSecret) => void;
}

/** "Add endpoint": its URL and the events it wants; the server checks where the URL leads before keeping it. */
export function AddWebhookDialog({ open, onOpenChange, onCreated }: AddWebhookDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("SETTINGS.WEBHOOKS.ADD_TITLE")}>
        {open && (
          <AddWebhookForm
            onClose={() => onOpenChange(false)}
            onCreated={(created) => {
              onOpenChange(false);
              onCreated(created);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddWebhookForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [formError, setFormError] = useState<ParseKeys | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const check = createWebhookInput.safeParse({ url, events });
    if (!check.success) {
      const next: { url?: string; events?: string } = {};
      for (const issue of check.error.issues) {
        if (issue.path[0] === "url") next.url = t("SETTINGS.WEBHOOKS.URL_INVALID");
        if (issue.path[0] === "events") next.events = t("SETTINGS.WEBHOOKS.EVENTS_REQUIRED");
      }
      setErrors(next);
      document.getElementById(next.url ? `${id}-url` : `${id}-events`)?.focus();
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(check.data);
      await utils.webhooks.list.invalidate();
      onCreated(created);
    } catch (failure) {
      const problem = serverUrlProblem(failure);
      if (problem) {
        setErrors({ url: problem });
        document.getElementById(`${id}-url`)?.focus();
      } else setFormError(REASON_MESSAGE_KEYS[reasonOf(failure)]);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
          {t("SETTINGS.WEBHOOKS.URL")}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          className={INPUT_CLASS}
          value={url}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          onChange={(change) => {
            setUrl(change.target.value);
            setErrors({ ...errors, url: undefined });
          }}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-sm text-slate-600">
          {t("SETTINGS.WEBHOOKS.URL_HINT")}
        </p>
        {errors.url && (
          <p id={`${id}-url-error`} className="mt-1 text-sm text-red-700">
            {errors.url}
          </p>
        )}
      </div>
      <fieldset
        id={`${id}-events`}
        tabIndex={-1}
        aria-invalid={errors.events ? true : undefined}
        aria-describedby={errors.events ? `${id}-events-error` : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">{t("SETTINGS.WEBHOOKS.EVENTS")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(change) => {
                  setEvents(change.target.checked ? [...events, type] : events.filter((each) => each !== type));
                  setErrors({ ...errors, events: undefined });
                }}
              />
              <span className="font-mono">{type}</span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={`${id}-events-error`} className="mt-1 text-sm text-red-700">
            {errors.events}
          </p>
        )}
      </fieldset>
      <DialogFormEnd
        error={formError}
        onCancel={onClose}
        pending={create.isPending}
        submitLabel={t("SETTINGS.WEBHOOKS.ADD_SUBMIT")}
      />
    </form>
  );
}
