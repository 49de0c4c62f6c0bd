import type { ParseKeys } from "i18next";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PICTURE_UPLOAD_ERROR_KEYS, pictureProblemOf } from "../../lib/picture-check";
import { rest } from "../../lib/rest";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { toast } from "../../ui/toast-store";

/**
 * The user's picture with a chooser. A chosen file is checked here first (type and size, the server judges the
 * content again), previewed, then uploaded at once; the header picks up the new picture.
 */
export function PictureUpload({ username, picture }: { username: string; picture: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const utils = trpc.useUtils();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<ParseKeys | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = "";
    if (!file) return;
    const problem = pictureProblemOf(file);
    if (problem) {
      setError(problem === "too_big" ? "FILE.TOO_BIG" : "FILE.BAD_FORMAT");
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    const body = new FormData();
    body.append("file", file);
    const result = await rest.post<{ picture: string }>("/api/picture", body);
    setUploading(false);
    if (result.status === "success") {
      // The preview stays until the saved picture has loaded in its place.
      await Promise.all([utils.settings.get.invalidate(), utils.account.me.invalidate()]);
      setPreview(null);
      toast.success(t("SETTINGS.PICTURE.UPLOADED"));
    } else {
      setPreview(null);
      setError(PICTURE_UPLOAD_ERROR_KEYS[result.reason] ?? "FILE.UNKNOWN_ERROR");
    }
  };

  const shown = preview ?? picture;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {shown ? (
        <img
          src={shown}
          alt={t("SETTINGS.PICTURE.PREVIEW")}
          data-testid="settings-picture"
          className="size-20 rounded-full object-cover"
        />
      ) : (
        <Avatar name={username} src={null} className="size-20 text-xl" />
      )}
      <div className="space-y-1">
        {/* A native file input behind its label, which looks like a button: keyboard and screen readers get the
            input itself, whatever the styling. */}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          className="peer sr-only"
          disabled={uploading}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(event) => void upload(event)}
        />
        <label
          htmlFor={id}
          aria-busy={uploading}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 peer-disabled:cursor-wait peer-disabled:opacity-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        >
          {uploading ? t("SETTINGS.PICTURE.UPLOADING") : t("SETTINGS.PICTURE.CHOOSE")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t("SETTINGS.PICTURE.HINT")}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {t(error)}
          </p>
        )}
      </div>
    </div>
  );
}
