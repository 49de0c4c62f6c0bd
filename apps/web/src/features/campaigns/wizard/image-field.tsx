import { MAX_CAMPAIGN_IMAGES } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { PICTURE_UPLOAD_ERROR_KEYS, pictureProblemOf } from "../../../lib/picture-check";
import { rest } from "../../../lib/rest";
import { Button } from "../../../ui/button";
import { imageUploaded, moveImage, removeImage, takeFiles, type WizardImage } from "./images";

type Message = { key: ParseKeys; values?: Record<string, number> };

interface ImageFieldProps {
  images: readonly WizardImage[];
  /** Uploads finish in any order, so changes come as functions of the latest list. */
  update: (change: (images: readonly WizardImage[]) => readonly WizardImage[]) => void;
  error?: ParseKeys | undefined;
}

let nextKey = 0;

/**
 * The campaign's images (spec sections 5 and 9): up to 3, each uploaded as soon as it is chosen or dropped here,
 * reordered by drag and drop or by the move buttons (announced), removed one by one.
 */
export function ImageField({ images, update, error }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropOver, setDropOver] = useState(false);

  const upload = async (file: File, key: string, preview: string) => {
    const body = new FormData();
    body.append("file", file);
    const result = await rest.post<{ id: string; url: string }>("/api/campaigns/images", body);
    if (result.status === "success") {
      update((list) => imageUploaded(list, key, result.data));
    } else {
      update((list) => removeImage(list, key));
      setMessage({ key: PICTURE_UPLOAD_ERROR_KEYS[result.reason] ?? "FILE.UNKNOWN_ERROR" });
    }
    // Not before: the preview shows until the upload ends, even after a trip to another step and back.
    URL.revokeObjectURL(preview);
  };

  const addFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    const { taken, dropped } = takeFiles(images.length, files);
    let problem: Message | null =
      dropped > 0 ? { key: "NEW_CAMPAIGN.DETAILS.TOO_MANY", values: { max: MAX_CAMPAIGN_IMAGES } } : null;
    const added: WizardImage[] = [];
    for (const file of taken) {
      const check = pictureProblemOf(file);
      if (check) {
        problem = { key: check === "too_big" ? "FILE.TOO_BIG" : "FILE.BAD_FORMAT" };
        continue;
      }
      const key = `new-${nextKey++}`;
      const preview = URL.createObjectURL(file);
      added.push({ key, status: "uploading", preview });
      void upload(file, key, preview);
    }
    setMessage(problem);
    if (added.length > 0) update((list) => [...list, ...added]);
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same files may be chosen again after an error.
    event.target.value = "";
    addFiles(files);
  };

  const move = (from: number, to: number, focusKey?: string) => {
    if (to < 0 || to >= images.length || from === to) return;
    update((list) => moveImage(list, from, to));
    setAnnouncement(t("NEW_CAMPAIGN.DETAILS.MOVED", { n: to + 1, total: images.length }));
    if (focusKey) {
      // Keep the focus on the moved image once it sits in its new place.
      requestAnimationFrame(() => {
        const item = listRef.current?.querySelector<HTMLElement>(`[data-image-key="${focusKey}"]`);
        const buttons = item?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)");
        const direction = to < from ? "left" : "right";
        const same = item?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`);
        (same ?? buttons?.[0])?.focus();
      });
    }
  };

  const remove = (key: string) => {
    update((list) => removeImage(list, key));
    setAnnouncement(t("NEW_CAMPAIGN.DETAILS.REMOVED"));
    setMessage(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>, to: number | null) => {
    event.preventDefault();
    setDropOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) {
      addFiles(files);
    } else if (dragFrom !== null) {
      move(dragFrom, to ?? images.length - 1);
    }
    setDragFrom(null);
  };

  const full = images.length >= MAX_CAMPAIGN_IMAGES;
  const shownError = message ?? (error ? { key: error } : null);
  return (
    <fieldset
      className={cx(
        "rounded-md border border-dashed p-4",
        dropOver ? "border-brand-600 bg-brand-50" : "border-slate-300",
      )}
      aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDropOver(true);
      }}
      onDragLeave={() => setDropOver(false)}
      onDrop={(event) => onDrop(event, null)}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{t("NEW_CAMPAIGN.DETAILS.IMAGES")}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t("NEW_CAMPAIGN.DETAILS.IMAGES_HINT", { max: MAX_CAMPAIGN_IMAGES })}
      </p>
      {images.length > 0 && (
        <ol ref={listRef} className="mt-3 flex flex-wrap gap-3" data-testid="wizard-images">
          {images.map((image, index) => {
            const n = index + 1;
            return (
              <li
                key={image.key}
                data-image-key={image.key}
                data-image-id={image.status === "ready" ? image.id : undefined}
                draggable
                onDragStart={(event) => {
                  setDragFrom(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                }}
                onDragEnd={() => setDragFrom(null)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.stopPropagation();
                  onDrop(event, index);
                }}
                aria-busy={image.status === "uploading"}
                className={cx(
                  "w-40 cursor-grab rounded-md border bg-white p-2",
                  dragFrom === index ? "border-brand-600 opacity-60" : "border-slate-200",
                )}
              >
                <div className="relative">
                  <img
                    src={image.status === "ready" ? image.url : image.preview}
                    alt={t("NEW_CAMPAIGN.DETAILS.IMAGE_N", { n, total: images.length })}
                    className="h-28 w-full rounded object-cover"
                    draggable={false}
                  />
                  {image.status === "uploading" && (
                    <span className="absolute inset-0 flex items-center justify-center rounded bg-white/70 text-sm font-medium text-slate-800">
                      {t("NEW_CAMPAIGN.DETAILS.UPLOADING")}
                    </span>
                  )}
                </div>
                <div className="mt-2 flex items-center justify-between gap-1">
                  <button
                    type="button"
                    data-move="left"
                    className="min-h-8 min-w-8 rounded border border-slate-300 text-sm disabled:opacity-40"
                    aria-label={t("NEW_CAMPAIGN.DETAILS.MOVE_LEFT", { n })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, image.key)}
                  >
                    <span aria-hidden="true">←</span>
                  </button>
                  <button
                    type="button"
                    className="min-h-8 rounded px-2 text-sm text-red-700 hover:bg-red-50"
                    aria-label={t("NEW_CAMPAIGN.DETAILS.REMOVE", { n })}
                    onClick={() => remove(image.key)}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                  <button
                    type="button"
                    data-move="right"
                    className="min-h-8 min-w-8 rounded border border-slate-300 text-sm disabled:opacity-40"
                    aria-label={t("NEW_CAMPAIGN.DETAILS.MOVE_RIGHT", { n })}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1, image.key)}
                  >
                    <span aria-hidden="true">→</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-3">
        <input
          id={id}
          type="file"
          multiple
          accept="image/png,image/jpeg"
          className="peer sr-only"
          data-testid="wizard-image-input"
          onChange={onChoose}
        />
        <Button asChild variant="secondary">
          <label
            htmlFor={id}
            className="cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600"
          >
            {t("NEW_CAMPAIGN.DETAILS.ADD_IMAGES")}
            {full && (
              <span className="sr-only"> ({t("NEW_CAMPAIGN.DETAILS.TOO_MANY", { max: MAX_CAMPAIGN_IMAGES })})</span>
            )}
          </label>
        </Button>
      </div>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {t(shownError.key, shownError.values ?? {})}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
