import { MAX_CAMPAIGN_IMAGES } from "@market/contracts";

/**
 * The wizard's image list (spec sections 5 and 9): at most 3, in display order, each uploaded as soon as chosen.
 * An item is uploading (a local preview) until the server answers with the stored image.
 */
export type WizardImage =
  | { key: string; status: "uploading"; preview: string }
  | { key: string; status: "ready"; id: string; url: string };

/** Which of the newly chosen files fit beside the current ones; the rest are dropped (with a message). */
export function takeFiles<T>(currentCount: number, chosen: readonly T[], max = MAX_CAMPAIGN_IMAGES) {
  const room = Math.max(0, max - currentCount);
  return { taken: chosen.slice(0, room), dropped: Math.max(0, chosen.length - room) };
}

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveImage<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= list.length) return list;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  if (target === from) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

export const removeImage = (list: readonly WizardImage[], key: string): readonly WizardImage[] =>
  list.filter((image) => image.key !== key);

/** The upload of `key` finished: the item becomes the stored image, keeping its place. */
export const imageUploaded = (
  list: readonly WizardImage[],
  key: string,
  stored: { id: string; url: string },
): readonly WizardImage[] =>
  list.map((image) => (image.key === key ? { key, status: "ready" as const, id: stored.id, url: stored.url } : image));

/** The stored image ids in display order, as the campaign input wants them. */
export const imageIds = (list: readonly WizardImage[]): string[] =>
  list.flatMap((image) => (image.status === "ready" ? [image.id] : []));

export const isUploading = (list: readonly WizardImage[]): boolean =>
  list.some((image) => image.status === "uploading");
