import type { AccountKind, NotificationView } from "@market/contracts";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { formatMoment } from "../../lib/moment-format";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { notificationTarget, notificationText } from "./notification-text";

/**
 * The header's notifications (spec section 3): the unread count on a bell, and the newest page in a menu, each
 * opening what it is about. Opening the menu marks what it shows seen, except for an admin acting as the user
 * (spec section 6: impersonators do not mark notifications seen), who is told so instead.
 */
export function NotificationBell({ kind, impersonating }: { kind: AccountKind; impersonating: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // Read again when a notification arrives (useLiveNotifications) or the connection comes back.
  const list = trpc.notifications.list.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const seen = trpc.notifications.seen.useMutation({ onSettled: () => utils.notifications.list.invalidate() });
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const markShownSeen = () => {
    const ids = items.filter((item) => !item.seen).map((item) => item.id);
    if (!impersonating && ids.length > 0) seen.mutate({ ids });
  };
  const open = (notification: NotificationView) => {
    const target = notificationTarget(kind, notification);
    if (target) void navigate({ to: target });
  };

  return (
    <DropdownMenu
      onOpenChange={(isOpen) => {
        if (isOpen) markShownSeen();
      }}
    >
      <DropdownMenuTrigger
        aria-label={unread > 0 ? t("NOTIFICATION.BELL_UNREAD", { count: unread }) : t("NOTIFICATION.BELL")}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-[28rem] w-[min(24rem,calc(100vw-2rem))] overflow-y-auto">
        <DropdownMenuLabel className="text-sm font-semibold text-slate-900">{t("NOTIFICATION.BELL")}</DropdownMenuLabel>
        {impersonating && <DropdownMenuLabel>{t("NOTIFICATION.IMPERSONATING")}</DropdownMenuLabel>}
        {/* A menu holds menu items (axe: aria-required-children): with nothing to open, the state is one
            disabled item, which screen readers read and skip over like the others. */}
        {list.isError && !list.data ? (
          <DropdownMenuItem disabled className="cursor-default">
            <span role="alert">{t("NOTIFICATION.LOAD_ERROR")}</span>
          </DropdownMenuItem>
        ) : items.length === 0 ? (
          <DropdownMenuItem disabled className="cursor-default">
            {list.isPending ? t("GLOBAL.LOADING") : t("NOTIFICATION.EMPTY")}
          </DropdownMenuItem>
        ) : (
          items.map((item) => (
            <DropdownMenuItem
              key={item.id}
              onSelect={() => open(item)}
              className={cx("items-start gap-3", !item.seen && "bg-brand-50")}
              data-testid="notification-item"
            >
              <Avatar
                name={item.sender?.name ?? t("GLOBAL.APP_NAME")}
                src={item.sender?.picture ?? null}
                className="size-8 text-xs"
              />
              <span className="flex flex-1 flex-col gap-0.5">
                <span>{notificationText(t, item, kind)}</span>
                <span className="text-xs text-slate-500">
                  {!item.seen && <span className="mr-2 font-semibold text-brand-800">{t("NOTIFICATION.NEW")}</span>}
                  {formatMoment(item.created)}
                </span>
              </span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
