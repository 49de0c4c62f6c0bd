import { type InfluencerProfileView, influencerGetInput } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { VISITOR_ACTIONS } from "../../lib/destinations";
import { formatCount, formatFeeCents, formatFollowers, formatLocation } from "../../lib/influencer-format";
import { retryExcept } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { NetworkBadge } from "../../ui/network-badge";
import { QueryStates } from "../../ui/query-states";
import { AdminBox } from "./admin-box";
import { AudiencePanels } from "./audience-panels";
import { HireChooser } from "./hire-chooser";
import { NetworksTable } from "./networks-table";
import { reachedThroughSearch } from "./profile-format";

export type ProfileViewer = { kind: "visitor" } | { kind: "influencer" } | { kind: "brand"; isImpersonating: boolean };

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
  const valid = influencerGetInput.safeParse({ id: rawId }).success;
  const profile = trpc.influencers.get.useQuery(
    { id: rawId },
    { enabled: valid, retry: retryExcept(NOT_FOUND_REASONS) },
  );
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

function BackLink({ viewer }: { viewer: ProfileViewer }) {
  const { t } = useTranslation();
  return (
    <Link to={searchPathOf(viewer)} className="inline-block font-medium text-brand-800 underline">
      <span aria-hidden="true">← </span>
      {t("INFLUENCER.PROFILE.BACK")}
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
  const location = formatLocation(profile.city, profile.country);
  const category = profile.category ? t(`CATEGORY.${profile.category}`) : t("INFLUENCER.PROFILE.UNKNOWN");

  return (
    <div className="space-y-6">
      <BackLink viewer={viewer} />
      <div className="rounded-lg bg-brand-700 px-5 py-3 text-white" data-testid="category-banner">
        {category}
      </div>
      <header className="flex flex-wrap items-center gap-5">
        <div className="relative">
          <Avatar name={profile.username} src={profile.picture} className="size-24 text-2xl" />
          {profile.maybeFake && (
            <p
              role="note"
              data-testid="maybe-fake"
              className="absolute -bottom-2 left-1/2 -translate-x-1/2 rounded bg-red-700 px-2 py-0.5 text-xs whitespace-nowrap text-white"
            >
              <span aria-hidden="true">⚠ </span>
              {t("INFLUENCER.PROFILE.MAYBE_FAKE")}
            </p>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{t("INFLUENCER.PROFILE.TITLE", { username: profile.username })}</h1>
          {location && <p className="text-slate-600">{location}</p>}
          {profile.networks.length > 0 && (
            <ul aria-label={t("INFLUENCER.PROFILE.NETWORKS_SUMMARY")} className="mt-2 flex flex-wrap gap-4 text-sm">
              {profile.networks.map((network) => (
                <li key={network.id} className="inline-flex items-center gap-2">
                  <NetworkBadge type={network.type} />
                  <span>{formatFollowers(network.followers)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {canHire &&
          (viewer.kind === "brand" ? (
            <Button onClick={() => setHiring(true)} className="px-8">
              {t("INFLUENCER.HIRE.BUTTON")}
            </Button>
          ) : (
            <Button asChild className="px-8">
              <Link to={VISITOR_ACTIONS.signUp.to}>{t("INFLUENCER.HIRE.BUTTON")}</Link>
            </Button>
          ))}
      </header>
      {viewer.kind === "brand" && viewer.isImpersonating && <AdminBox profile={profile} />}
      <dl className="grid gap-4 sm:grid-cols-3">
        <Fact label={t("INFLUENCER.PROFILE.TOTAL_REACH")}>{formatCount(profile.totalReach)}</Fact>
        <Fact label={t("INFLUENCER.PROFILE.CATEGORY")}>{category}</Fact>
        <Fact label={t("INFLUENCER.PROFILE.AVERAGE_FEE")}>
          {profile.averageFeeCents === null
            ? t("INFLUENCER.PROFILE.NOT_AVAILABLE")
            : formatFeeCents(profile.averageFeeCents)}
        </Fact>
      </dl>
      <section aria-labelledby="profile-about" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="profile-about" className="mb-2 text-lg font-semibold">
          {t("INFLUENCER.PROFILE.ABOUT")}
        </h2>
        <p className="whitespace-pre-line text-slate-700">
          {profile.about.trim() === "" ? t("INFLUENCER.PROFILE.NO_ABOUT") : profile.about}
        </p>
      </section>
      <NetworksTable networks={profile.networks} totalReach={profile.totalReach} />
      <AudiencePanels audience={profile.audience} />
      {viewer.kind === "brand" && canHire && (
        <HireChooser influencerId={rawId} username={profile.username} open={hiring} onOpenChange={setHiring} />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{children}</dd>
    </div>
  );
}
