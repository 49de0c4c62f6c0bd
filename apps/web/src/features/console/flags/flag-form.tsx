import { FLAG_NOTE_MAX, FLAG_REASONS, type FlagReason } from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";
import { ReasonDialog } from "../shell/reason-dialog";

/** An id, or a username: the console procedure takes either. */
const refOf = (who: string): number | string => (/^\d{1,9}$/.test(who) ? Number(who) : who);

/**
 * Flags an influencer FAKE from the console, by id or username, with a reason from the list and a note; the
 * console's confirmation dialog names what follows (they are told, brands see the warning) before anything is sent.
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
      void utils.admin.console.flags.invalidate();
    },
  });
  // Not found and already flagged: the server's sentence says which.
  const failureOf = (failure: unknown) => {
    const why = reasonOf(failure);
    return (why === "conflict" || why === "not_found") && failure instanceof Error
      ? failure.message
      : t(REASON_MESSAGE_KEYS[why]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!who.trim()) return setError("who");
    if (!reason) return setError("reason");
    setError(null);
    setConfirming(true);
  };

  return (
    <>
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
            onValueChange={setWho}
            error={error === "who" ? { key: "CONSOLE_FLAGS.FLAG_WHO_REQUIRED" } : undefined}
          />
          <SelectField
            label={t("CONSOLE_FLAGS.FLAG_REASON_LABEL")}
            value={reason}
            onValueChange={(value) => setReason(value as FlagReason | "")}
            options={FLAG_REASONS.map((value) => ({ value, label: t(`CONSOLE_FLAGS.REASON.${value}`) }))}
            error={error === "reason" ? { key: "VALIDATION.INVALID_CHOICE" } : undefined}
          />
          <TextField
            label={t("CONSOLE_FLAGS.FLAG_NOTE")}
            value={note}
            maxLength={FLAG_NOTE_MAX}
            onValueChange={setNote}
          />
        </div>
        <Button type="submit">{t("CONSOLE_FLAGS.FLAG_SUBMIT")}</Button>
      </form>
      <ReasonDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("CONSOLE_FLAGS.FLAG_CONFIRM_TITLE", { who: who.trim() })}
        intro={t("CONSOLE_FLAGS.FLAG_CONFIRM_TEXT")}
        reason={null}
        submit={t("CONSOLE_FLAGS.FLAG_SUBMIT")}
        onConfirm={() =>
          reason ? flag.mutateAsync({ influencer: refOf(who.trim()), reason, note: note.trim() }) : Promise.resolve()
        }
        failureOf={failureOf}
      />
    </>
  );
}
