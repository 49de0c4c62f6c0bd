import { INFLUENCER_SEARCH_PAGE_SIZE } from "@market/contracts";
import { useTranslation } from "react-i18next";

const PLACEHOLDERS = Array.from({ length: INFLUENCER_SEARCH_PAGE_SIZE }, (_, index) => index);

/** A page of grey cards while the search runs; assistive technology hears one "Loading…" instead. */
export function InfluencerCardSkeletons() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t("GLOBAL.LOADING")}</span>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {PLACEHOLDERS.map((index) => (
          <li key={index} className="rounded-lg border border-slate-200 bg-white p-5 motion-safe:animate-pulse">
            <div className="flex items-center gap-4">
              <div className="size-14 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-1/2 rounded bg-slate-200" />
                <div className="h-3 w-1/3 rounded bg-slate-200" />
              </div>
            </div>
            <div className="mt-4 grid grid-cols-3 gap-3">
              <div className="h-8 rounded bg-slate-100" />
              <div className="h-8 rounded bg-slate-100" />
              <div className="h-8 rounded bg-slate-100" />
            </div>
            <div className="mt-4 h-6 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
