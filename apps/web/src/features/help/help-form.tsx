import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS } from "../../lib/reasons";
import { rest } from "../../lib/rest";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast-store";
import { checkHelpQuestion, type HelpQuestionError } from "./help-question";

const ERROR_KEYS = {
  required: "HELP.QUESTION_REQUIRED",
  too_long: "HELP.QUESTION_TOO_LONG",
} as const satisfies Record<HelpQuestionError, string>;

/**
 * The help form (spec section 2, POST /api/help): the question must not be empty once trimmed. Sent, it is
 * cleared and a success toast says so; a failure keeps the text for another try.
 */
export function HelpForm() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<HelpQuestionError | null>(null);
  const send = useMutation({ mutationFn: (question: string) => rest.post<null>("/api/help", { text: question }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHelpQuestion(text);
    setError(checked.ok ? null : checked.error);
    if (!checked.ok) {
      document.getElementById(`${id}-question`)?.focus();
      return;
    }
    send.mutate(checked.text, {
      onSuccess: (result) => {
        if (result.status === "success") {
          toast.success(t("HELP.QUESTION_SUCCESS"));
          setText("");
        } else if (result.reason === "invalid") {
          setError("required");
        } else {
          toast.error(t(REASON_MESSAGE_KEYS[result.reason]));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <label htmlFor={`${id}-question`} className="block font-medium text-slate-800">
        {t("HELP.QUESTION_LABEL")}
      </label>
      <textarea
        id={`${id}-question`}
        rows={6}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(ERROR_KEYS[error])}
        </p>
      )}
      <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? t("HELP.SENDING") : t("HELP.SEND")}
      </Button>
    </form>
  );
}
