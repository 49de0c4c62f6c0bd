import type { ChatFileView } from "@market/contracts";

/** The image types the server may show in the page (GET /files/{id}?inline=1); SVG never is. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const IMAGE_NAME = /\.(?:png|jpe?g|gif|webp)$/i;

/**
 * Where a chat file's thumbnail comes from, when its stored type or its name says it is an image; null for any
 * other file, which stays a download link. The page only guesses: the server shows the file inline only when its
 * bytes are such an image, and answers anything else as a download, which the <img> fails to load (the message
 * then falls back to the link).
 */
export function previewUrl(file: Pick<ChatFileView, "name" | "type" | "url">): string | null {
  if (!IMAGE_TYPES.has(file.type) && !IMAGE_NAME.test(file.name.trim())) return null;
  return `${file.url}${file.url.includes("?") ? "&" : "?"}inline=1`;
}
