import type { DealImageView } from "@market/contracts";
import { Dialog as D } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { Button } from "../button";
import { CampaignPlaceholder } from "./campaign-placeholder";
import { stepIndex, wrapIndex } from "./carousel";
import { FullscreenImage } from "./fullscreen-image";

/**
 * The deal's images (spec section 2, Deal page): the current one large with Previous/Next (wrapping) and a dot
 * per image; the large image opens the fullscreen view, which steps through the same images.
 */
export function ImageCarousel({ images, title }: { images: readonly DealImageView[]; title: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const index = wrapIndex(current, images.length);
  const shown = images[index];
  if (!shown) return <CampaignPlaceholder className="h-48 w-full" />;
  const total = images.length;
  const several = total > 1;
  const position = { n: index + 1, total };

  return (
    <section aria-label={t("DEAL_IMAGES.IMAGES")} aria-roledescription="carousel" className="space-y-3">
      <div className="relative">
        <D.Root open={fullscreen} onOpenChange={setFullscreen}>
          {/* The trigger gets the focus back when the fullscreen view closes. */}
          <D.Trigger asChild>
            <button
              type="button"
              aria-label={t("DEAL_IMAGES.VIEW_FULLSCREEN", { n: index + 1 })}
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg bg-slate-100"
            >
              <img
                src={shown.url}
                alt={t("DEAL_IMAGES.IMAGE_ALT", { ...position, title })}
                className="aspect-video w-full object-contain"
              />
            </button>
          </D.Trigger>
          <FullscreenImage
            images={images}
            index={index}
            title={title}
            onStep={(direction) => setCurrent(stepIndex(index, direction, total))}
          />
        </D.Root>
        {several && (
          <>
            <CarouselArrow
              label={t("DEAL_IMAGES.PREVIOUS_IMAGE")}
              className="left-2"
              onClick={() => setCurrent(stepIndex(index, "previous", total))}
            >
              ‹
            </CarouselArrow>
            <CarouselArrow
              label={t("DEAL_IMAGES.NEXT_IMAGE")}
              className="right-2"
              onClick={() => setCurrent(stepIndex(index, "next", total))}
            >
              ›
            </CarouselArrow>
          </>
        )}
      </div>
      {several && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex gap-2">
            {images.map((image, i) => (
              <button
                key={image.id}
                type="button"
                aria-label={t("DEAL_IMAGES.SHOW_IMAGE", { n: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setCurrent(i)}
                className={cx(
                  "overflow-hidden rounded-md border-2",
                  i === index ? "border-brand-700" : "border-transparent hover:border-slate-300",
                )}
              >
                <img src={image.url} alt="" className="size-14 object-cover" />
              </button>
            ))}
          </div>
          <p aria-live="polite" className="text-sm text-slate-600" data-testid="carousel-position">
            {t("DEAL_IMAGES.IMAGE_POSITION", position)}
          </p>
        </div>
      )}
    </section>
  );
}

function CarouselArrow({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      variant="secondary"
      aria-label={label}
      onClick={onClick}
      className={cx("absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 text-xl shadow", className)}
    >
      <span aria-hidden="true">{children}</span>
    </Button>
  );
}
