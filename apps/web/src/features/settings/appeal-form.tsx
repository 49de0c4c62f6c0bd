import {
  APPEAL_FILES_MAX,
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  type AppealFileView,
  MAX_UPLOAD_BYTES,
} from "@market/contracts";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { rest } from "../../lib/rest";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/form-fields";
import { toast } from "../../ui/toast-store";

type Problem = { key: "text" } | { key: "file"; name: string } | { key: "reason"; message: string };

/**
 * The appeal (once per flag): a text, and files uploaded one by one as they are chosen (POST
 * /api/account/flag/files, private to the influencer and admins), then sent together.
 */
export function AppealForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const utils = trpc.useUtils();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<AppealFileView[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const appeal = trpc.account.appealFlag.useMutation({
    onSuccess: (flag) => {
      utils.account.flag.setData(undefined, flag);
      toast.success(t("CONSOLE_FLAGS.ACCOUNT.SENT_TOAST"));
      onSent();
    },
    onError: (failure) => setProblem({ key: "reason", message: serverMessage(failure) }),
  });
  const serverMessage = (failure: unknown) => {
    const reason = reasonOf(failure);
    return reason === "conflict" || reason === "not_found"
      ? (failure as Error).message
      : t(REASON_MESSAGE_KEYS[reason]);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size >= MAX_UPLOAD_BYTES) return setProblem({ key: "file", name: file.name });
    setProblem(null);
    setUploading(file.name);
    const body = new FormData();
    body.append("file", file);
    const result = await rest.post<AppealFileView>("/api/account/flag/files", body);
    setUploading(null);
    if (result.status === "success") setFiles((current) => [...current, result.data]);
    else setProblem({ key: "reason", message: t(REASON_MESSAGE_KEYS[result.reason]) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < APPEAL_TEXT_MIN) return setProblem({ key: "text" });
    setProblem(null);
    appeal.mutate({ text: text.trim(), fileIds: files.map((file) => file.id) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 text-sm">
      <p>{t("CONSOLE_FLAGS.ACCOUNT.APPEAL_HELP")}</p>
      <TextAreaField
        label={t("CONSOLE_FLAGS.ACCOUNT.APPEAL_TEXT")}
        hint={t("CONSOLE_FLAGS.ACCOUNT.APPEAL_TEXT_HINT")}
        value={text}
        maxLength={APPEAL_TEXT_MAX}
        onValueChange={setText}
        error={problem?.key === "text" ? { key: "CONSOLE_FLAGS.ACCOUNT.APPEAL_TEXT_SHORT" } : undefined}
      />
      <div className="space-y-2">
        <label htmlFor={`${id}-file`} className="block font-medium">
          {t("CONSOLE_FLAGS.ACCOUNT.APPEAL_FILES", { max: APPEAL_FILES_MAX })}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          onChange={upload}
          disabled={uploading !== null || files.length >= APPEAL_FILES_MAX}
          className="block text-sm"
        />
        {uploading && <p role="status">{t("CONSOLE_FLAGS.ACCOUNT.UPLOADING", { name: uploading })}</p>}
        {files.length > 0 && (
          <ul className="space-y-1">
            {files.map((file) => (
              <li key={file.id} className="flex items-center gap-2">
                <span>{file.name}</span>
                <Button
                  variant="ghost"
                  className="min-h-8 px-2 py-1"
                  onClick={() => setFiles((current) => current.filter((kept) => kept.id !== file.id))}
                  aria-label={t("CONSOLE_FLAGS.ACCOUNT.REMOVE_FILE", { name: file.name })}
                >
                  ✕
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div role="alert">
        {problem?.key === "file" && (
          <p className="text-red-700">{t("CONSOLE_FLAGS.ACCOUNT.APPEAL_FILE_TOO_BIG", { name: problem.name })}</p>
        )}
        {problem?.key === "reason" && <p className="text-red-700">{problem.message}</p>}
      </div>
      <Button type="submit" aria-disabled={appeal.isPending || uploading !== null} aria-busy={appeal.isPending}>
        {t("CONSOLE_FLAGS.ACCOUNT.SEND")}
      </Button>
    </form>
  );
}
