import type { ChatMessageView } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { rest } from "../../../lib/rest";
import { Button } from "../../../ui/button";
import { chatFileProblem, uploadErrorKey } from "../chat/file-check";

interface DeliveryUploadsProps {
  applicationId: number;
  files: readonly { id: string; name: string }[];
  max: number;
  /** The server's word on the files (one not of this chat, too many). */
  error: string | undefined;
  onUploading: (uploading: boolean) => void;
  onChange: (files: { id: string; name: string }[]) => void;
}

/**
 * The delivery's optional files (issue 37): each is uploaded as a chat file of the application, as the chat's
 * composer does (POST /api/applications/{id}/file, the chat's size limit checked here first), and its id is sent
 * with the delivery. Removing one from the list keeps it in the chat; it is just not handed over.
 */
export function DeliveryUploads({ applicationId, files, max, error, onUploading, onChange }: DeliveryUploadsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [uploading, setUploading] = useState<string | null>(null);
  const [refused, setRefused] = useState<ParseKeys | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])].slice(0, Math.max(0, max - files.length));
    // The same file may be chosen again after an error.
    event.target.value = "";
    if (chosen.length === 0) return;
    setRefused(null);
    onUploading(true);
    const added: { id: string; name: string }[] = [];
    for (const file of chosen) {
      if (chatFileProblem(file)) {
        setRefused("FILE.TOO_BIG");
        continue;
      }
      setUploading(file.name);
      const body = new FormData();
      body.append("file", file);
      const result = await rest.post<ChatMessageView>(`/api/applications/${applicationId}/file`, body);
      if (result.status === "success" && result.data.type === "file" && result.data.file) {
        added.push({ id: result.data.file.id, name: result.data.file.name });
      } else {
        setRefused(result.status === "error" ? uploadErrorKey(result.reason) : "FILE.UNKNOWN_ERROR");
      }
    }
    setUploading(null);
    onUploading(false);
    onChange([...files, ...added]);
  };

  const message = refused ? t(refused) : error;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800" id={`${id}-title`}>
        {t("WORK_DONE_MODAL.FILES")}
      </p>
      {files.length > 0 && (
        <ul aria-labelledby={`${id}-title`} className="space-y-1" data-testid="delivery-uploads">
          {files.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="break-all">{file.name}</span>
              <Button
                variant="ghost"
                onClick={() => onChange(files.filter((kept) => kept.id !== file.id))}
                aria-label={t("WORK_DONE_MODAL.REMOVE_FILE", { name: file.name })}
              >
                {t("WORK_DONE_MODAL.REMOVE")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {files.length < max && (
        <div>
          {/* The native input behind its label, styled as a button: keyboards and screen readers get the input. */}
          <input
            id={`${id}-file`}
            type="file"
            multiple
            className="peer sr-only"
            onChange={upload}
            disabled={uploading !== null}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
            data-testid="delivery-file-input"
          />
          <label
            htmlFor={`${id}-file`}
            className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          >
            {t("WORK_DONE_MODAL.ADD_FILES")}
          </label>
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t("WORK_DONE_MODAL.FILES_HINT", { max })}
      </p>
      {uploading && (
        <p role="status" className="text-sm text-slate-600">
          {t("CHAT.UPLOADING", { name: uploading })}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
