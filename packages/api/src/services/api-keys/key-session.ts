/**
 * A key's viewer has no session; it stands on the key instead, under this id, which never matches a session's: the
 * live sockets opened with the key watch it like a session (notifications/session-watch.ts) and close when the key
 * is revoked, expires or its owner becomes an admin.
 */
const PREFIX = "key:";

export const keySessionId = (keyId: number): string => `${PREFIX}${keyId}`;

/** The key a viewer's session id stands for, or null for a real session. */
export function keyIdOfSession(sessionId: string): number | null {
  if (!sessionId.startsWith(PREFIX)) return null;
  const id = Number(sessionId.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
