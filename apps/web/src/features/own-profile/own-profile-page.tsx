import type { OwnProfileView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AudiencePanels } from "../../ui/influencer-profile/audience-panels";
import { AudienceQualityPanel } from "../../ui/influencer-profile/audience-quality-panel";
import { NetworksTable } from "../../ui/influencer-profile/networks-table";
import { ProfileFacts, ProfileHeader } from "../../ui/influencer-profile/profile-overview";
import { useNetworkOwnerDialogs } from "../../ui/networks/use-network-owner-dialogs";
import { LoadErrorMessage, LoadingLine } from "../../ui/query-states";

/**
 * /profile (spec section 2): the influencer's own profile from GET /api/profile, as brands see it, with the
 * owner's refresh and remove actions in the networks table.
 */
export function OwnProfilePage() {
  const { t } = useTranslation();
  const profile = trpc.influencers.own.useQuery();
  useDocumentTitle(t("OWN_PROFILE.TITLE"));

  if (profile.data) return <OwnProfile profile={profile.data} />;
  if (profile.isError) {
    return <LoadErrorMessage query={profile}>{t("OWN_PROFILE.LOAD_ERROR")}</LoadErrorMessage>;
  }
  return <LoadingLine />;
}

function OwnProfile({ profile }: { profile: OwnProfileView }) {
  const { t } = useTranslation();
  const owner = useNetworkOwnerDialogs();
  return (
    <div className="space-y-6">
      <p
        className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
        data-testid="own-profile-note"
      >
        {t("OWN_PROFILE.AS_BRANDS_SEE_IT")}{" "}
        <Link to="/account" search={{ p: "profile" }} className="text-brand-800 underline">
          {t("OWN_PROFILE.EDIT")}
        </Link>
      </p>
      <ProfileHeader profile={profile} />
      <ProfileFacts profile={profile} />
      <NetworksTable networks={profile.networks} totalReach={profile.totalReach} actions={owner.actionsOf} />
      <p>
        <Link to="/account" search={{ p: "networks" }} className="font-medium text-brand-800 underline">
          {t("OWN_PROFILE.MANAGE_NETWORKS")}
        </Link>
      </p>
      <AudienceQualityPanel networks={profile.networks} />
      <AudiencePanels audience={profile.audience} />
      {owner.dialogs}
    </div>
  );
}
