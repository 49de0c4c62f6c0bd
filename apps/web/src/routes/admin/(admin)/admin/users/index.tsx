import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../../app/screen-load";
import { UsersPage } from "../../../../../features/console/users/users-page";
import { USERS_PAGES, usersInputOf, usersSearchOf } from "../../../../../features/console/users/users-query";

export const Route = createFileRoute("/(admin)/admin/users/")({
  validateSearch: usersSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.users.search.prefetchInfinite(usersInputOf(deps), firstPageOf(USERS_PAGES)),
    ]),
  component: UsersPage,
});
