import type { ChatFileView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "./file-check";
import { previewUrl } from "./file-preview";

/**
 * A chat file: its download link, and above it, for an image, a thumbnail that opens the full image in a new tab.
 * The thumbnail's box is fixed so that the chat, opened on its newest messages, does not move as images load; an
 * image the server will not show (not really an image, too many pixels) leaves the link alone.
 */
export function ChatFile({ file }: { file: ChatFileView }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const preview = previewUrl(file);
  const download = (
    <a href={file.url} download={file.name} className="break-all underline">
      {t("CHAT.DOWNLOAD", { name: file.name, size: formatFileSize(file.sizeBytes) })}
    </a>
  );
  if (!preview || failed) return download;
  return (
    <figure className="space-y-1">
      <a
        href={preview}
        target="_blank"
        rel="noopener noreferrer"
        className="block w-fit rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        <img
          src={preview}
          alt={file.name}
          loading="lazy"
          onError={() => setFailed(true)}
          className="h-40 w-60 rounded bg-slate-200 object-cover"
        />
        <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
      </a>
      <figcaption>{download}</figcaption>
    </figure>
  );
}
