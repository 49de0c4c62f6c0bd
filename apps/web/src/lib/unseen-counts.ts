import type { trpc } from "./trpc";

/**
 * Reads again everything that counts the user's unseen notifications: the bell (notifications.list) and the "new
 * notifications" badges of the application lists. Called when marks change, from this tab (an application page
 * shown) or any other (notifications.seenChanges), so every open screen follows at once.
 */
export function refreshUnseenCounts(utils: ReturnType<typeof trpc.useUtils>): Promise<unknown> {
  return Promise.all([
    utils.notifications.list.invalidate(),
    utils.applications.list.invalidate(),
    utils.applications.ofCampaign.invalidate(),
  ]);
}
