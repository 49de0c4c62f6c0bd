import { createFileRoute } from "@tanstack/react-router";
import { loadSettingsTab } from "../../../app/shared-loaders";
import { SettingsPage } from "../../../features/settings/settings-page";
import { validateSettingsSearch } from "../../../features/settings/tabs";

/** Account settings, the tab in `p` (spec section 2). */
export const Route = createFileRoute("/(brand)/settings")({
  validateSearch: validateSettingsSearch,
  loaderDeps: ({ search }) => ({ p: search.p }),
  loader: ({ context, deps, cause }) => loadSettingsTab(context, "brand", deps.p, cause),
  component: BrandSettings,
});

function BrandSettings() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsPage
      kind="brand"
      search={search}
      onSearchChange={(next, { replace }) => void navigate({ search: next, replace })}
    />
  );
}
