import type { WebhookEndpointView } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { DialogFormEnd, SubjectDialog } from "../../../ui/networks/confirm-dialog";
import { toast } from "../../../ui/toast-store";

/** Removing an endpoint asks first: its log goes with it, and nothing more is sent to it. */
export function RemoveWebhookDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SubjectDialog subject={endpoint} title={t("SETTINGS.WEBHOOKS.REMOVE_TITLE")} onClose={onClose}>
      {(subject) => <RemoveForm endpoint={subject} onClose={onClose} />}
    </SubjectDialog>
  );
}

function RemoveForm({ endpoint, onClose }: { endpoint: WebhookEndpointView; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.remove.useMutation();
  const [error, setError] = useState<ParseKeys | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({ id: endpoint.id });
    } catch (failure) {
      setError(REASON_MESSAGE_KEYS[reasonOf(failure)]);
      return;
    }
    await utils.webhooks.list.invalidate();
    toast.success(t("SETTINGS.WEBHOOKS.REMOVED"));
    onClose();
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">{t("SETTINGS.WEBHOOKS.REMOVE_CONFIRM", { url: endpoint.url })}</p>
      <DialogFormEnd
        error={error}
        onCancel={onClose}
        pending={remove.isPending}
        submitLabel={t("SETTINGS.WEBHOOKS.REMOVE")}
        destructive
      />
    </form>
  );
}
