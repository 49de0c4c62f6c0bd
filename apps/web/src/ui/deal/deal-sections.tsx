import { type DealView, EXTRAS, type Extra } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { type AudienceEntry, audienceEntries, languageName } from "../../lib/deal-format";

/**
 * The lower blocks of a deal (spec section 3): description, audience and extras. Shared by the influencer's deal
 * page and the brand's campaign page, like the image carousel next to it.
 */
export function DealSections({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  return (
    <>
      <Block title={t("CAMPAIGN.DESCRIPTION")}>
        {/* The brand's line breaks and spacing are part of the text. */}
        <p className="whitespace-pre-wrap break-words text-slate-800" data-testid="deal-description">
          {deal.description}
        </p>
      </Block>

      <Block title={t("CAMPAIGN.AUDIENCE")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <Detail label={t("CAMPAIGN.ABOUT")}>
            <span className="whitespace-pre-wrap break-words">{deal.aAbout}</span>
          </Detail>
          <Detail label={t("CAMPAIGN.COUNTRIES")}>
            <AudienceList entries={audienceEntries(deal.aCountries, countryName)} all={t("CAMPAIGN.ALL_COUNTRIES")} />
          </Detail>
          <Detail label={t("CAMPAIGN.LANGUAGES")}>
            <AudienceList entries={audienceEntries(deal.aLanguages, languageName)} all={t("CAMPAIGN.ALL_LANGUAGES")} />
          </Detail>
        </dl>
      </Block>

      <Block title={t("CAMPAIGN.EXTRAS")}>
        {deal.extras.length === 0 ? (
          <p className="text-slate-600">{t("CAMPAIGN.NO_EXTRAS")}</p>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            {EXTRAS.filter((extra) => deal.extras.includes(extra)).map((extra) => (
              <Detail key={extra} label={t(`CAMPAIGN.EXTRA.${extra}`)}>
                <span className="whitespace-pre-wrap break-words">{extraText(deal, extra)}</span>
              </Detail>
            ))}
          </dl>
        )}
      </Block>
    </>
  );
}

const extraText = (deal: DealView, extra: Extra): string =>
  ({ discount: deal.eDiscount, giveaway: deal.eGiveaway, free: deal.eFree })[extra];

/** A term and its value in a two-column description list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function AudienceList({ entries, all }: { entries: AudienceEntry[]; all: string }) {
  const { t } = useTranslation();
  const names = entries.map((entry) =>
    entry.kind === "all" ? all : entry.kind === "other" ? t("CAMPAIGN.OTHER") : entry.name,
  );
  return <>{names.join(", ")}</>;
}
