import type { DealImageView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { CampaignPlaceholder } from "../list/campaign-card";

/** The campaign's images (up to 3): one large, and a button per image to show it. */
export function ImageGallery({ images, title }: { images: readonly DealImageView[]; title: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const shown = images[Math.min(current, images.length - 1)];
  if (!shown) return <CampaignPlaceholder className="h-48 w-full" />;
  return (
    <section aria-label={t("CAMPAIGN.IMAGES")} className="space-y-3">
      <img
        src={shown.url}
        alt={t("CAMPAIGN.IMAGE_ALT", { n: images.indexOf(shown) + 1, total: images.length, title })}
        className="aspect-video w-full rounded-lg bg-slate-100 object-contain"
      />
      {images.length > 1 && (
        <div className="flex gap-2">
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              aria-label={t("CAMPAIGN.SHOW_IMAGE", { n: index + 1 })}
              aria-pressed={image === shown}
              onClick={() => setCurrent(index)}
              className={cx(
                "overflow-hidden rounded-md border-2",
                image === shown ? "border-brand-700" : "border-transparent hover:border-slate-300",
              )}
            >
              <img src={image.url} alt="" className="size-16 object-cover" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
