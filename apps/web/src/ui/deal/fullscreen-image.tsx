import type { DealImageView } from "@market/contracts";
import { Dialog as D } from "radix-ui";
import { type ComponentProps, type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { arrowDirection, type Point, type SwipeDirection, swipeDirection } from "./carousel";

interface FullscreenImageProps {
  images: readonly DealImageView[];
  index: number;
  title: string;
  onStep: (direction: SwipeDirection) => void;
}

/**
 * The fullscreen view of the carousel (inside its Radix Dialog root): the image at its largest on a dark
 * backdrop, named "Image N of M". Previous/Next buttons, ArrowLeft/ArrowRight and a sideways swipe (touch, pen
 * or mouse) step through the images; Escape or the Close button leave, and Radix puts the focus
 * back on the large image that opened it.
 */
export function FullscreenImage({ images, index, title, onStep }: FullscreenImageProps) {
  const { t } = useTranslation();
  const start = useRef<Point | null>(null);
  const shown = images[index];
  if (!shown) return null;
  const position = { n: index + 1, total: images.length };
  const several = images.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = several ? arrowDirection(event) : null;
    if (!direction) return;
    event.preventDefault();
    onStep(direction);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    start.current = { x: event.clientX, y: event.clientY };
    // Keeps the pointer's events here even when a mouse drag ends outside the image.
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || !several) return;
    const direction = swipeDirection(from, { x: event.clientX, y: event.clientY });
    if (direction) onStep(direction);
  };

  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-black" />
      <D.Content
        aria-describedby={undefined}
        onKeyDown={onKeyDown}
        data-testid="fullscreen-image"
        className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 text-white outline-none"
      >
        <D.Title className="text-sm font-medium">{t("DEAL_IMAGES.IMAGE_POSITION", position)}</D.Title>
        {/* touch-none: the browser leaves horizontal drags to the swipe instead of panning the page. */}
        <div
          className="flex min-h-0 w-full flex-1 touch-none items-center justify-center select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            start.current = null;
          }}
        >
          <img
            src={shown.url}
            alt={t("DEAL_IMAGES.IMAGE_ALT", { ...position, title })}
            draggable={false}
            className="h-full w-full object-contain"
          />
        </div>
        <div className="flex items-center gap-3">
          {several && (
            <FullscreenButton label={t("DEAL_IMAGES.PREVIOUS_IMAGE")} onClick={() => onStep("previous")}>
              ‹
            </FullscreenButton>
          )}
          <D.Close asChild>
            <FullscreenButton label={t("GLOBAL.CLOSE")}>✕</FullscreenButton>
          </D.Close>
          {several && (
            <FullscreenButton label={t("DEAL_IMAGES.NEXT_IMAGE")} onClick={() => onStep("next")}>
              ›
            </FullscreenButton>
          )}
        </div>
      </D.Content>
    </D.Portal>
  );
}

/** A round control on the dark backdrop; takes the props D.Close passes through asChild. */
function FullscreenButton({ label, children, ...props }: ComponentProps<"button"> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-2xl hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
      {...props}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
