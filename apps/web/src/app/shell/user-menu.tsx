import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import type { SignedInUser } from "../pick-tree";
import { useLogOut } from "./use-log-out";

export function UserMenu({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  // The load's answer, refetched only when invalidated (e.g. after a picture upload), so a new picture shows here.
  const me = trpc.account.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const picture = me.data?.user?.picture ?? user.picture;
  // The console has no settings screen: an admin's own account is a brand's, reached by no link here.
  const settings = user.isAdmin
    ? null
    : user.isBrand
      ? { to: "/settings", label: t("NAV.SETTINGS") }
      : { to: "/account", label: t("NAV.ACCOUNT") };
  return (
    <DropdownMenu>
      {/* Named by its text, not an aria-label: the name ("Account menu of mira_walks") then holds the username
          people see on it, so speech users can say it (WCAG 2.5.3, label in name). The initials are decorative. */}
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <Avatar name={user.username} src={picture} className="size-8 text-xs" />
        <span className="sr-only">{t("NAV.ACCOUNT_MENU", { username: user.username })}</span>
        <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
          {user.username}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        {settings && (
          <DropdownMenuItem asChild>
            <Link to={settings.to}>{settings.label}</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void logOut()}>{t("NAV.LOG_OUT")}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
