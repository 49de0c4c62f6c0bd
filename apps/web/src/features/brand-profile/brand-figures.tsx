import type { BrandFigure } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { releaseTime, sharePercent } from "../../lib/brand-reliability-format";

/** A figure's value as words: the median as a time, the others as a share. */
function FigureValue({ figure }: { figure: BrandFigure & { value: number } }) {
  const { t } = useTranslation();
  if (figure.key === "medianReleaseHours") {
    const time = releaseTime(figure.value);
    return <>{t(time.key, { count: time.count })}</>;
  }
  return <>{sharePercent(figure.value)}</>;
}

/**
 * The brand's reliability figures: each with its value (or "Not enough hires yet" below the minimum count), the
 * count behind it and, in a disclosure, how it is computed. A description list, so a screen reader reads each
 * figure's name with its value.
 */
export function BrandFigures({ figures, minimumCount }: { figures: BrandFigure[]; minimumCount: number }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="brand-figures">
      {figures.map((figure) => (
        <div
          key={figure.key}
          className="space-y-1 rounded-lg border border-slate-200 bg-white p-4"
          data-testid={`figure-${figure.key}`}
        >
          <dt className="text-sm font-medium text-slate-700">{t(`BRAND_PROFILE.FIGURE.${figure.key}`)}</dt>
          <dd className="space-y-1">
            <p className="text-2xl font-semibold" data-testid="figure-value">
              {figure.value === null ? (
                <span className="text-base font-medium text-slate-600">{t("BRAND_PROFILE.NOT_ENOUGH")}</span>
              ) : (
                <FigureValue figure={{ ...figure, value: figure.value }} />
              )}
            </p>
            <p className="text-sm text-slate-600" data-testid="figure-count">
              {figure.value === null
                ? t(`BRAND_PROFILE.BELOW_MINIMUM_${figure.basis}`, { count: figure.count, minimum: minimumCount })
                : t(`BRAND_PROFILE.BEHIND_${figure.basis}`, { count: figure.count })}
            </p>
            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer text-brand-800 underline">{t("BRAND_PROFILE.HOW_COMPUTED")}</summary>
              <p className="mt-1">{figure.howComputed}</p>
            </details>
          </dd>
        </div>
      ))}
    </dl>
  );
}
