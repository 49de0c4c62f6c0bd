import { applicationPath, type CaseView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { impersonateHref } from "../shell/impersonate-href";

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);

/**
 * The case's two parties with their records (issue 36, point 3), and the way to see the case as each of them:
 * GET /admin/login impersonates (the admin's session becomes one acting as the user until they stop) and lands on
 * the application's page of that party.
 */
export function CaseParties({ view }: { view: CaseView }) {
  const { t } = useTranslation();
  const { brand, influencer } = view;
  return (
    <section aria-labelledby="case-parties" className="grid gap-4 sm:grid-cols-2">
      <h2 id="case-parties" className="sr-only">
        {t("CONSOLE_CASES.PARTIES")}
      </h2>
      <PartyCard
        role={t("CONSOLE_CASES.BRAND")}
        party={brand}
        impersonate={impersonateHref("brand", brand.id, applicationPath("brand", view.applicationId))}
        figures={[
          [t("CONSOLE_CASES.HIRES"), String(brand.reliability.hires)],
          [t("CONSOLE_CASES.AUTO_RELEASED"), percent(brand.reliability.autoReleasedShare)],
          [t("CONSOLE_CASES.CONTESTS_OPENED"), String(brand.reliability.contestsOpened)],
        ]}
      />
      <PartyCard
        role={t("CONSOLE_CASES.INFLUENCER")}
        party={influencer}
        impersonate={impersonateHref("influencer", influencer.id, applicationPath("influencer", view.applicationId))}
        figures={[
          [t("CONSOLE_CASES.HIRES"), String(influencer.reliability.hires)],
          [t("CONSOLE_CASES.COMPLETED"), percent(influencer.reliability.completedShare)],
          [t("CONSOLE_CASES.CONTESTED"), percent(influencer.reliability.contestedShare)],
          [t("CONSOLE_CASES.REFUNDS"), String(influencer.reliability.refunds)],
        ]}
      />
    </section>
  );
}

function PartyCard({
  role,
  party,
  impersonate,
  figures,
}: {
  role: string;
  party: CaseView["brand"] | CaseView["influencer"];
  impersonate: string;
  figures: [string, string][];
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{role}</p>
      <p className="text-lg font-semibold break-all">{party.username}</p>
      <p className="text-sm break-all text-slate-700">
        {party.email} · {t("CONSOLE_CASES.USER_ID", { id: party.id })}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <a href={impersonate} className="mt-3 inline-block text-sm font-medium text-indigo-700 underline">
        {t("CONSOLE_CASES.IMPERSONATE", { username: party.username })}
      </a>
    </div>
  );
}
