import type { SignedInUser } from "../../../app/pick-tree";
import { AppShell } from "../../../app/shell/app-shell";
import { UserMenu } from "../../../app/shell/user-menu";

/** The console's frame: its own navigation (destinations.ts, NAV_ENTRIES.admin) and the admin's menu. */
export function ConsoleShell({ user }: { user: SignedInUser }) {
  return <AppShell kind="admin" actions={<UserMenu user={user} />} />;
}
