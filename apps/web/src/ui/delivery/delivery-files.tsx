import type { DeliveryFileView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const sizes = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 900 -> "900 B", 2_048 -> "2 KB", 3_400_000 -> "3.2 MB" (as the chat writes file sizes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizes.format(bytes / 1024)} KB`;
  return `${sizes.format(bytes / (1024 * 1024))} MB`;
}

/**
 * The files handed over with a delivery (issue 37): an image as a thumbnail that opens it in a new tab, any other
 * file (or an image the server will not show inline) as a chip that downloads it.
 */
export function DeliveryFiles({ files }: { files: readonly DeliveryFileView[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={t("DELIVERY.FILES")} data-testid="delivery-files">
      {files.map((file) => (
        <li key={file.id}>
          <DeliveryFile file={file} />
        </li>
      ))}
    </ul>
  );
}

function DeliveryFile({ file }: { file: DeliveryFileView }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const label = t("CHAT.DOWNLOAD", { name: file.name, size: fileSize(file.size) });
  if (file.thumbnailUrl && !failed) {
    return (
      <a
        href={file.thumbnailUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="block w-fit rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-current"
        data-testid="delivery-file-image"
      >
        <img
          src={file.thumbnailUrl}
          alt={file.name}
          loading="lazy"
          onError={() => setFailed(true)}
          className="h-24 w-32 rounded bg-slate-200 object-cover"
        />
        <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
      </a>
    );
  }
  return (
    <a
      href={file.url}
      download={file.name}
      className="inline-flex items-center rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-sm underline"
      data-testid="delivery-file-chip"
    >
      {label}
    </a>
  );
}
