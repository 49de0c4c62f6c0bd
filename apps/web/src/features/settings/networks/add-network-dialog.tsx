import { type NetworkType, UNLINKABLE_NETWORKS } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { INPUT_CLASS } from "../../../ui/form-fields";
import { DialogFormEnd } from "../../../ui/networks/confirm-dialog";
import { useNetworksChanged } from "../../../ui/networks/use-networks-changed";
import { toast } from "../../../ui/toast-store";
import {
  type AddNetworkDraft,
  type AddNetworkErrors,
  checkAddNetwork,
  isUnlinkableType,
  savedTitleOf,
  showsSavedTitle,
} from "./add-network-form";

interface AddNetworkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The influencer's networks: a second one of a type is refused before sending. */
  existing: readonly { type: NetworkType; title: string }[];
}

/** The add unlinkable network modal (spec section 2): snapchat, pinterest, tumblr or a blog, added by its name. */
export function AddNetworkDialog({ open, onOpenChange, existing }: AddNetworkDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("NETWORKS.ADD.TITLE")}>
        {open && <AddNetworkForm existing={existing} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const ERROR_KEYS = {
  type: { required: "NETWORKS.ADD.TYPE_REQUIRED", duplicate: "NETWORKS.ADD.DUPLICATE" },
  title: {
    required: "NETWORKS.ADD.NAME_REQUIRED",
    too_long: "NETWORKS.ADD.NAME_TOO_LONG",
    single_line: "VALIDATION.SINGLE_LINE",
  },
} as const satisfies Record<keyof AddNetworkErrors, Record<string, ParseKeys>>;

function AddNetworkForm({ existing, onClose }: { existing: AddNetworkDialogProps["existing"]; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const changed = useNetworksChanged();
  const add = trpc.networks.add.useMutation();
  const [draft, setDraft] = useState<AddNetworkDraft>({ type: "", title: "" });
  const [errors, setErrors] = useState<AddNetworkErrors>({});
  const [formError, setFormError] = useState<ParseKeys | null>(null);
  const typeLabel = draft.type === "" ? "" : t(`NETWORK.${draft.type}`);
  const current = existing.find((network) => network.type === draft.type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const check = checkAddNetwork(draft, existing);
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) {
      // The first field in error gets the focus, so its message is read out.
      document.getElementById(check.errors.type ? `${id}-type` : `${id}-title`)?.focus();
      return;
    }
    try {
      await add.mutateAsync(check.input);
    } catch (failure) {
      const reason = reasonOf(failure);
      // The server's duplicate rule: another tab added one of this type meanwhile.
      if (reason === "conflict") setErrors({ type: "duplicate" });
      else setFormError(REASON_MESSAGE_KEYS[reason]);
      return;
    }
    await changed();
    toast.success(t("NETWORKS.ADD.DONE", { network: t(`NETWORK.${check.input.type}`), title: check.input.title }));
    onClose();
  };

  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(" ") || undefined;
  const saved = savedTitleOf(draft.title);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t("NETWORKS.ADD.INTRO")}</p>
      <div>
        <label htmlFor={`${id}-type`} className="block text-sm font-medium text-slate-800">
          {t("NETWORKS.ADD.TYPE")}
        </label>
        <select
          id={`${id}-type`}
          className={INPUT_CLASS}
          value={draft.type}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={describedBy(errors.type !== undefined && `${id}-type-error`)}
          onChange={(event) => {
            const type = event.target.value;
            setDraft({ ...draft, type: isUnlinkableType(type) ? type : "" });
            setErrors({ ...errors, type: undefined });
          }}
        >
          <option value="">{t("SETTINGS.CHOOSE")}</option>
          {UNLINKABLE_NETWORKS.map((type) => (
            <option key={type} value={type}>
              {t(`NETWORK.${type}`)}
            </option>
          ))}
        </select>
        {errors.type && (
          <p id={`${id}-type-error`} className="mt-1 text-sm text-red-700">
            {t(ERROR_KEYS.type[errors.type], { network: typeLabel, title: current?.title ?? "" })}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-800">
          {t("NETWORKS.ADD.NAME")}
        </label>
        <input
          id={`${id}-title`}
          type="text"
          autoComplete="off"
          className={INPUT_CLASS}
          value={draft.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(
            `${id}-title-hint`,
            showsSavedTitle(draft.title) && `${id}-title-saved`,
            errors.title !== undefined && `${id}-title-error`,
          )}
          onChange={(event) => {
            setDraft({ ...draft, title: event.target.value });
            setErrors({ ...errors, title: undefined });
          }}
        />
        <p id={`${id}-title-hint`} className="mt-1 text-sm text-slate-600">
          {t("NETWORKS.ADD.NAME_HINT")}
        </p>
        {showsSavedTitle(draft.title) && saved && (
          <p id={`${id}-title-saved`} className="mt-1 text-sm text-slate-800" data-testid="saved-title">
            {t("NETWORKS.ADD.SAVED_AS")} <span className="font-mono font-semibold break-all">{saved}</span>
          </p>
        )}
        {errors.title && (
          <p id={`${id}-title-error`} className="mt-1 text-sm text-red-700">
            {t(ERROR_KEYS.title[errors.title])}
          </p>
        )}
      </div>
      <DialogFormEnd
        error={formError}
        onCancel={onClose}
        pending={add.isPending}
        submitLabel={t("NETWORKS.ADD.SUBMIT")}
      />
    </form>
  );
}
