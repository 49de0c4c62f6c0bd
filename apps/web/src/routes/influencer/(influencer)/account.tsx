import { createFileRoute } from "@tanstack/react-router";
import { loadSettingsTab } from "../../../app/shared-loaders";
import { SettingsPage } from "../../../features/settings/settings-page";
import { validateSettingsSearch } from "../../../features/settings/tabs";

/** Account with tabs chosen by `p`; the networks tab also reads `error` (spec section 2). */
export const Route = createFileRoute("/(influencer)/account")({
  validateSearch: validateSettingsSearch,
  loaderDeps: ({ search }) => ({ p: search.p }),
  loader: ({ context, deps, cause }) => loadSettingsTab(context, "influencer", deps.p, cause),
  component: InfluencerAccount,
});

function InfluencerAccount() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsPage
      kind="influencer"
      search={search}
      onSearchChange={(next, { replace }) => void navigate({ search: next, replace })}
    />
  );
}
