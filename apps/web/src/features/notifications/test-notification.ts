import type { NotificationView } from "@market/contracts";

/**
 * A notification for tests: a brand's chat message on application 7 of campaign 3, unless told otherwise; the brand
 * is Glow Beauty, username glowbrand.
 */
export const aNotification = (overrides: Partial<NotificationView> = {}): NotificationView => ({
  id: 1,
  type: "message",
  applicationId: 7,
  dealId: 3,
  dealTitle: "Lipstick launch",
  text: null,
  file: null,
  sender: { id: 5, username: "glowbrand", name: "Glow Beauty", picture: null },
  seen: false,
  created: new Date("2026-11-25T12:00:00Z"),
  ...overrides,
});
