import { Outlet } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { ShellKind } from "../../lib/destinations";
import { SiteHeader } from "./site-header";
import { MAIN_ID, SkipLink } from "./skip-link";

/**
 * The frame of every screen of a route tree: skip link, an optional banner, the header with its kind's actions,
 * anything the kind keeps running beside the page, then the page. The signed-in and visitor shells fill it in, so
 * a visitor's page never downloads the user menu, the notification bell or the live stream.
 */
export function AppShell({
  kind,
  banner,
  actions,
  beside,
}: {
  kind: ShellKind;
  banner?: ReactNode;
  actions: ReactNode;
  beside?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      {banner}
      <SiteHeader kind={kind} actions={actions} />
      {beside}
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
