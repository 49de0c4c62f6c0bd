import type { Viewer } from "../../viewer";

/**
 * Spec section 6: an admin looking through a user's account must leave the user's notifications unseen, so
 * only the user's own session may mark them seen.
 */
export function mayMarkSeen(viewer: Pick<Viewer, "impersonatorId">): boolean {
  return viewer.impersonatorId === null;
}
