import type { OwnNetwork } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../../lib/influencer-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { DialogFormEnd, SubjectDialog } from "../../../ui/networks/confirm-dialog";
import { useNetworksChanged } from "../../../ui/networks/use-networks-changed";
import { toast } from "../../../ui/toast-store";
import type { ConflictGroup } from "./conflicts";

interface ConflictDialogProps {
  /** The conflicting accounts of one type; null keeps the dialog closed. */
  group: ConflictGroup<OwnNetwork> | null;
  onClose: () => void;
}

/**
 * The network conflict choice modal (spec sections 2 and 4): the influencer keeps one account of the type; their
 * other accounts of the type are removed, and the kept one may be used to apply again.
 */
export function ConflictDialog({ group, onClose }: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <SubjectDialog
      subject={group}
      title={t("NETWORKS.CONFLICT.TITLE", { network: group ? t(`NETWORK.${group.type}`) : "" })}
      onClose={onClose}
    >
      {(group) => <ChooseForm group={group} onClose={onClose} />}
    </SubjectDialog>
  );
}

function ChooseForm({ group, onClose }: { group: ConflictGroup<OwnNetwork>; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const changed = useNetworksChanged();
  const choose = trpc.networks.choose.useMutation();
  const [chosen, setChosen] = useState<number>(group.networks[0]?.id ?? 0);
  const [error, setError] = useState<ParseKeys | null>(null);
  const name = t(`NETWORK.${group.type}`);
  const several = group.networks.length > 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choose.isPending) return;
    const kept = group.networks.find((network) => network.id === chosen);
    if (!kept) return;
    setError(null);
    try {
      await choose.mutateAsync({ id: kept.id, type: group.type });
    } catch (failure) {
      setError(REASON_MESSAGE_KEYS[reasonOf(failure)]);
      return;
    }
    await changed();
    toast.success(t("NETWORKS.CONFLICT.DONE", { network: name, title: kept.title }));
    onClose();
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p>{t(several ? "NETWORKS.CONFLICT.INTRO_SEVERAL" : "NETWORKS.CONFLICT.INTRO_ONE", { network: name })}</p>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("NETWORKS.CONFLICT.LEGEND", { network: name })}</legend>
        {group.networks.map((network) => (
          <label
            key={network.id}
            htmlFor={`${id}-${network.id}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              id={`${id}-${network.id}`}
              type="radio"
              name={`${id}-kept`}
              className="mt-1"
              checked={chosen === network.id}
              onChange={() => setChosen(network.id)}
            />
            <span className="min-w-0">
              <span className="block font-medium break-words">{network.title}</span>
              <span className="block text-sm text-slate-600">
                {t("NETWORKS.CONFLICT.FOLLOWERS", { followers: formatCount(network.followers) })}
              </span>
              {network.sharedWithOthers && (
                <span className="block text-sm text-amber-800">{t("NETWORKS.CONFLICT.SHARED")}</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <DialogFormEnd
        error={error}
        onCancel={onClose}
        pending={choose.isPending}
        submitLabel={t("NETWORKS.CONFLICT.SUBMIT")}
      />
    </form>
  );
}
