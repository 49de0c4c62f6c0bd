import { FLAG_NOTE_MAX, FLAG_REASONS, type FlagReason } from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";

/** An id, or a username: the console procedure takes either. */
const refOf = (who: string): number | string => (/^\d{1,9}$/.test(who) ? Number(who) : who);

/**
 * Flags an influencer FAKE from the console, by id or username, with a reason from the list and a note; a
 * confirmation names what follows (they are told, brands see the warning) before anything is sent.
 */
export function FlagForm() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [who, setWho] = useState("");
  const [reason, setReason] = useState<FlagReason | "">("");
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<"who" | "reason" | null>(null);
  const flag = trpc.admin.console.flags.flag.useMutation({
    onSuccess: () => {
      toast.success(t("CONSOLE_FLAGS.FLAG_DONE", { who: who.trim() }));
      setWho("");
      setReason("");
      setNote("");
      setConfirming(false);
      void utils.admin.console.flags.invalidate();
    },
    onError: (failure) => {
      setConfirming(false);
      // Not found and already flagged: the server's sentence says which.
      const reason = reasonOf(failure);
      toast.error(reason === "conflict" || reason === "not_found" ? failure.message : t(REASON_MESSAGE_KEYS[reason]));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!who.trim()) return setError("who");
    if (!reason) return setError("reason");
    setError(null);
    setConfirming(true);
  };
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setConfirming(false);
    };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("CONSOLE_FLAGS.FLAG_TITLE")}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="font-semibold">{t("CONSOLE_FLAGS.FLAG_TITLE")}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t("CONSOLE_FLAGS.FLAG_WHO")}
          value={who}
          onValueChange={edit(setWho)}
          error={error === "who" ? { key: "CONSOLE_FLAGS.FLAG_WHO_REQUIRED" } : undefined}
        />
        <SelectField
          label={t("CONSOLE_FLAGS.FLAG_REASON_LABEL")}
          value={reason}
          onValueChange={edit((value: string) => setReason(value as FlagReason | ""))}
          options={FLAG_REASONS.map((value) => ({ value, label: t(`CONSOLE_FLAGS.REASON.${value}`) }))}
          error={error === "reason" ? { key: "VALIDATION.INVALID_CHOICE" } : undefined}
        />
        <TextField
          label={t("CONSOLE_FLAGS.FLAG_NOTE")}
          value={note}
          maxLength={FLAG_NOTE_MAX}
          onValueChange={edit(setNote)}
        />
      </div>
      {confirming && reason ? (
        <div role="alertdialog" aria-labelledby="flag-confirm" className="space-y-2 rounded-md bg-amber-50 p-3">
          <p id="flag-confirm">{t("CONSOLE_FLAGS.FLAG_CONFIRM", { who: who.trim() })}</p>
          <div className="flex gap-2">
            <Button
              autoFocus
              onClick={() => flag.mutate({ influencer: refOf(who.trim()), reason, note: note.trim() })}
              aria-disabled={flag.isPending}
              aria-busy={flag.isPending}
            >
              {t("CONSOLE_FLAGS.CONFIRM")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("CONSOLE_FLAGS.CANCEL")}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">{t("CONSOLE_FLAGS.FLAG_SUBMIT")}</Button>
      )}
    </form>
  );
}
