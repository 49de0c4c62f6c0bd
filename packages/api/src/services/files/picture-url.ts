/** Users' pictures are stored files (served under /files) or external URLs from a network's avatar. */
export function pictureUrl(picture: string | null): string | null {
  if (!picture) return null;
  return /^https?:\/\//.test(picture) ? picture : `/files/${encodeURIComponent(picture)}`;
}
