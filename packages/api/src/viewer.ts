import type { AccountKind } from "@market/contracts";

/**
 * Who is calling, as every procedure and service sees it: made from a session (services/auth/sessions.ts), read by
 * every area, so it belongs to none.
 */
export interface Viewer {
  sessionId: string;
  userId: number;
  kind: AccountKind;
  username: string;
  /** The admin acting as this user, or null for the user's own session. */
  impersonatorId: number | null;
}
