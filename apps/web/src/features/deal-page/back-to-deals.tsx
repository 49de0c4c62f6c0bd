import { Link, useRouter } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { cameFromSearch, SEARCH_PATH } from "./came-from-search";

/** The Navigation API's part used here (Chromium, Safari 26.2, Firefox 147); absent elsewhere. */
interface NavigationLike {
  currentEntry: { index: number } | null;
  entries(): { url: string | null }[];
}

/** The address of the entry before the current one in this tab's history, when the browser can tell. */
function previousEntryUrl(): string | null {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  const current = navigation?.currentEntry;
  if (!navigation || !current || current.index < 1) return null;
  return navigation.entries()[current.index - 1]?.url ?? null;
}

/**
 * "Back to deals": a link to /search, which goes back in history instead when the previous entry is /search,
 * so the influencer finds their query, filters and page as they left them (and their scroll position).
 */
export function BackToDeals() {
  const { t } = useTranslation();
  const router = useRouter();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click meant for a new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!cameFromSearch(previousEntryUrl(), window.location.origin)) return;
    event.preventDefault();
    router.history.back();
  };

  return (
    <Link to={SEARCH_PATH} onClick={onClick} className="inline-block font-medium text-brand-800 underline">
      <span aria-hidden="true">← </span>
      {t("DEAL_PAGE.BACK")}
    </Link>
  );
}
