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
  const settings = user.isBrand
    ? { to: "/settings", label: t("NAV.SETTINGS") }
    : { to: "/account", label: t("NAV.ACCOUNT") };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t("NAV.ACCOUNT_MENU", { username: user.username })}
        className="flex items-center gap-2 rounded-full p-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Avatar name={user.username} src={picture} className="size-8 text-xs" />
        <span className="hidden max-w-40 truncate sm:inline">{user.username}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to={settings.to}>{settings.label}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void logOut()}>{t("NAV.LOG_OUT")}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
