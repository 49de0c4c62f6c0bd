import { redirect } from "@tanstack/react-router";
import { HOME_PATHS, type ShellKind } from "../../lib/destinations";

/**
 * Where an unknown route sends the user (spec section 2), or null to stay. Every home has its own route, so the
 * catch-all should never see one; should a home path ever reach it, the user stays rather than bounce forever.
 */
export function unknownRouteTarget(kind: ShellKind, pathname: string): string | null {
  const home = HOME_PATHS[kind];
  return pathname === home ? null : home;
}

/** The `beforeLoad` of each tree's catch-all route. */
export const redirectUnknownRoute =
  (kind: ShellKind) =>
  ({ location }: { location: { pathname: string } }) => {
    const to = unknownRouteTarget(kind, location.pathname);
    if (to) throw redirect({ to, replace: true });
  };
