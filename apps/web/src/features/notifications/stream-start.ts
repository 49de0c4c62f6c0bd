import type { NotificationPage } from "@market/contracts";

/**
 * The id the notification stream starts after, from the header's list: its newest notification, or "0" when the
 * user has none yet, so whatever is written before the stream opens (or while its first connection is down)
 * still arrives; null (from now on) when the list could not load; undefined while it loads.
 */
export function streamStartOf(list: {
  data?: Pick<NotificationPage, "items">;
  isError: boolean;
}): string | null | undefined {
  if (list.data) return String(list.data.items[0]?.id ?? 0);
  return list.isError ? null : undefined;
}
