import type { OwnNetwork } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { toast } from "../toast-store";
import { DialogFormEnd, SubjectDialog } from "./confirm-dialog";
import { useNetworksChanged } from "./use-networks-changed";

interface RemoveNetworkDialogProps {
  /** The network to remove; null keeps the dialog closed. */
  network: Pick<OwnNetwork, "id" | "type" | "title"> | null;
  onClose: () => void;
}

/**
 * The remove network modal (spec section 2): asks before removing. The proposals that priced the network keep
 * their figures; the account can be linked again later.
 */
export function RemoveNetworkDialog({ network, onClose }: RemoveNetworkDialogProps) {
  const { t } = useTranslation();
  return (
    <SubjectDialog subject={network} title={t("NETWORKS.REMOVE.TITLE")} onClose={onClose}>
      {(network) => <RemoveForm network={network} onClose={onClose} />}
    </SubjectDialog>
  );
}

function RemoveForm({
  network,
  onClose,
}: {
  network: NonNullable<RemoveNetworkDialogProps["network"]>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const changed = useNetworksChanged();
  const remove = trpc.networks.remove.useMutation();
  const [error, setError] = useState<ParseKeys | null>(null);
  const name = t(`NETWORK.${network.type}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: network.id });
    } catch (failure) {
      const reason = reasonOf(failure);
      // Already gone (removed in another tab): what the influencer wanted is done.
      if (reason !== "not_found") {
        setError(REASON_MESSAGE_KEYS[reason]);
        return;
      }
    }
    await changed();
    toast.success(t("NETWORKS.REMOVE.DONE", { network: name, title: network.title }));
    onClose();
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p>{t("NETWORKS.REMOVE.QUESTION", { network: name, title: network.title })}</p>
      <p className="text-sm text-slate-600">{t("NETWORKS.REMOVE.PROPOSALS_KEPT")}</p>
      <DialogFormEnd
        error={error}
        onCancel={onClose}
        pending={remove.isPending}
        submitLabel={t("NETWORKS.REMOVE.SUBMIT")}
        destructive
      />
    </form>
  );
}
