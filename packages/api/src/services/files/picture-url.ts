/** Where the server serves a stored file (GET /files/:id). */
export const fileUrl = (fileId: string): string => `/files/${encodeURIComponent(fileId)}`;

/** Users' pictures are stored files (served under /files) or external URLs from a network's avatar. */
export function pictureUrl(picture: string | null): string | null {
  if (!picture) return null;
  return /^https?:\/\//.test(picture) ? picture : fileUrl(picture);
}
