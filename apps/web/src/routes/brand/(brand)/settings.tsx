import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../../features/settings/settings-page";
import { validateSettingsSearch } from "../../../features/settings/tabs";

/** Account settings, the tab in `p` (spec section 2). */
export const Route = createFileRoute("/(brand)/settings")({
  validateSearch: validateSettingsSearch,
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
