import { useTranslation } from "react-i18next";

/** A neutral picture for a campaign without images. */
export function CampaignPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t("CAMPAIGNS.NO_IMAGE")}
      className={`flex items-center justify-center rounded-md bg-slate-100 text-slate-400 ${className ?? ""}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-9 8" />
      </svg>
    </div>
  );
}
