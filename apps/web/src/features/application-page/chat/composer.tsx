import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessageView, sendChatMessageInput } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../../lib/application-action-error";
import { rest } from "../../../lib/rest";
import { Button } from "../../../ui/button";
import { INPUT_CLASS } from "../../../ui/form-fields";
import { chatFileProblem, uploadErrorKey } from "./file-check";

interface ComposerProps {
  applicationId: number;
  /** Sends a text (trimmed); rejects with the server's error. */
  onSendText: (text: string) => Promise<unknown>;
  /** A message went out (a text or a file): the chat shows it. */
  onSent: () => void;
}

type ComposerError = { kind: "text"; text: string } | { kind: "key"; key: ParseKeys };

/**
 * The chat's composer: a text (Enter sends, Shift+Enter starts a new line) or a file, checked for size here and
 * judged by the server (too big, forbidden). A refused text stays in the box for another try.
 */
export function Composer({ applicationId, onSendText, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<ComposerError | null>(null);

  const send = async () => {
    if (sending) return;
    const checked = sendChatMessageInput.safeParse({ id: applicationId, text });
    if (!checked.success) {
      setError({ kind: "text", text: checked.error.issues[0]?.message ?? "" });
      box.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSendText(checked.data.text);
      setText("");
      onSent();
    } catch (failure) {
      setError({ kind: "key", key: actionErrorKey(failure, "APPLICATION.CHAT_SEND_ERROR") });
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes a word: its Enter picks the word.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = "";
    if (!file) return;
    if (chatFileProblem(file)) {
      setError({ kind: "key", key: "FILE.TOO_BIG" });
      return;
    }
    setError(null);
    setUploading(file.name);
    const body = new FormData();
    body.append("file", file);
    const result = await rest.post<ChatMessageView>(`/api/applications/${applicationId}/file`, body);
    setUploading(null);
    if (result.status === "success") onSent();
    else setError({ kind: "key", key: uploadErrorKey(result.reason) });
  };

  const message = error && (error.kind === "text" ? error.text : t(error.key));
  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 pt-3">
      <label htmlFor={`${id}-text`} className="sr-only">
        {t("CHAT.MESSAGE_LABEL")}
      </label>
      <textarea
        ref={box}
        id={`${id}-text`}
        rows={3}
        className={INPUT_CLASS}
        value={text}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t("CHAT.MESSAGE_LABEL")}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error?.kind === "text" ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
      />
      <div role="alert" id={`${id}-error`} data-testid="chat-error">
        {message && <p className="text-sm text-red-700">{message}</p>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          {/* The native input behind its label, which looks like a button: keyboards and screen readers get the input. */}
          <input
            id={`${id}-file`}
            type="file"
            className="peer sr-only"
            onChange={upload}
            disabled={uploading !== null}
          />
          <label
            htmlFor={`${id}-file`}
            className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          >
            {t("CHAT.ATTACH")}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {t("CHAT.FILE_HINT")}
          </p>
          {uploading && (
            <p role="status" className="mt-1 text-sm text-slate-600">
              {t("CHAT.UPLOADING", { name: uploading })}
            </p>
          )}
        </div>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {t("CHAT.SEND")}
        </Button>
      </div>
    </form>
  );
}
