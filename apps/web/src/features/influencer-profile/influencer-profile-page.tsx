import { applicationPath, type InfluencerProfileView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { VISITOR_ACTIONS } from "../../lib/destinations";
import { pageObjectQuery } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { AudiencePanels } from "../../ui/influencer-profile/audience-panels";
import { AudienceQualityPanel } from "../../ui/influencer-profile/audience-quality-panel";
import { NetworksTable } from "../../ui/influencer-profile/networks-table";
import { ProfileFacts, ProfileHeader } from "../../ui/influencer-profile/profile-overview";
import { QueryStates } from "../../ui/query-states";
import { ReviewList } from "../../ui/reviews/review-list";
import { AdminBox } from "./admin-box";
import { HireChooser } from "./hire-chooser";
import { reachedThroughSearch } from "./profile-format";
import { profileInputOf } from "./profile-input";

/** Who reads the profile; a brand may have opened it from one of its applications (`fromApplication`, its id). */
export type ProfileViewer =
  | { kind: "visitor" }
  | { kind: "influencer" }
  | { kind: "brand"; isImpersonating: boolean; fromApplication?: number };

interface InfluencerProfilePageProps {
  /** The id of the route: the numeric id, or the opaque id of a search result (which offers Hire). */
  rawId: string;
  viewer: ProfileViewer;
}

/** An id the server cannot read says the same as an unknown one: no such influencer. */
const NOT_FOUND_REASONS = ["not_found", "invalid"] as const;

/** /influencers/{id} (spec section 2) for visitors and brands. */
export function InfluencerProfilePage({ rawId, viewer }: InfluencerProfilePageProps) {
  const { t } = useTranslation();
  const input = profileInputOf(rawId);
  const valid = input !== null;
  const profile = trpc.influencers.get.useQuery(input ?? { id: rawId }, {
    enabled: valid,
    ...pageObjectQuery(NOT_FOUND_REASONS),
  });
  useDocumentTitle(profile.data?.username ?? t("FIND.TITLE"));

  return (
    <QueryStates
      query={profile}
      validId={valid}
      notFoundReasons={NOT_FOUND_REASONS}
      notFound={
        <div className="space-y-4">
          <BackLink viewer={viewer} />
          <p role="alert" className="text-lg font-medium">
            {t("INFLUENCER.PROFILE.NOT_FOUND")}
          </p>
        </div>
      }
      back={<BackLink viewer={viewer} />}
      loadError={t("INFLUENCER.PROFILE.LOAD_ERROR")}
    >
      {(data) => <ProfileView profile={data} rawId={rawId} viewer={viewer} />}
    </QueryStates>
  );
}

/** The search a profile is opened from: Find influencers, or Find deals for an influencer (who has no /find). */
const searchPathOf = (viewer: ProfileViewer): string => (viewer.kind === "influencer" ? "/search" : "/find");

/** The way back: to the application the profile was opened from, else to the search. */
function BackLink({ viewer }: { viewer: ProfileViewer }) {
  const { t } = useTranslation();
  const application = viewer.kind === "brand" ? viewer.fromApplication : undefined;
  return (
    <Link
      to={application === undefined ? searchPathOf(viewer) : applicationPath("brand", application)}
      className="inline-block font-medium text-brand-800 underline"
    >
      <span aria-hidden="true">← </span>
      {t(application === undefined ? "INFLUENCER.PROFILE.BACK" : "INFLUENCER.PROFILE.BACK_TO_APPLICATION")}
    </Link>
  );
}

function ProfileView({
  profile,
  rawId,
  viewer,
}: {
  profile: InfluencerProfileView;
  rawId: string;
  viewer: ProfileViewer;
}) {
  const { t } = useTranslation();
  const [hiring, setHiring] = useState(false);
  // An influencer always gets their own profile, so never a Hire button.
  const canHire = reachedThroughSearch(rawId) && !profile.isOwn && viewer.kind !== "influencer";

  return (
    <div className="space-y-6">
      <BackLink viewer={viewer} />
      <ProfileHeader
        profile={profile}
        action={
          canHire &&
          (viewer.kind === "brand" ? (
            <Button onClick={() => setHiring(true)} className="px-8">
              {t("INFLUENCER.HIRE.BUTTON")}
            </Button>
          ) : (
            <Button asChild className="px-8">
              <Link to={VISITOR_ACTIONS.signUp.to}>{t("INFLUENCER.HIRE.BUTTON")}</Link>
            </Button>
          ))
        }
      />
      {viewer.kind === "brand" && viewer.isImpersonating && <AdminBox profile={profile} />}
      <ProfileFacts profile={profile} />
      <NetworksTable networks={profile.networks} totalReach={profile.totalReach} />
      <AudienceQualityPanel networks={profile.networks} />
      <AudiencePanels audience={profile.audience} />
      <ReviewList subject={{ of: "influencer", id: profile.id }} canReport={viewer.kind !== "visitor"} />
      {viewer.kind === "brand" && canHire && (
        <HireChooser influencerId={rawId} username={profile.username} open={hiring} onOpenChange={setHiring} />
      )}
    </div>
  );
}
