import type { Category } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { categoryEntries } from "./category-counts";

interface CategorySidebarProps {
  /** The server's counts per category; null before the first answer. */
  counts: Readonly<Record<Category, number>> | null;
  selected: readonly Category[];
  /** A category alone, or null for All. */
  onSelect: (category: Category | null) => void;
}

/**
 * The category sidebar of spec section 2: "All" and every category, each with its count, one choice at a time.
 * Each button's name is its label then its count ("Beauty 12"); the chosen one is pressed.
 */
export function CategorySidebar({ counts, selected, onSelect }: CategorySidebarProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("FIND_DEALS.CATEGORIES")} className="rounded-lg border border-slate-200 bg-white p-2">
      <h2 className="px-2 py-1.5 text-sm font-semibold text-slate-600">{t("FIND_DEALS.CATEGORIES")}</h2>
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:grid-cols-1">
        {categoryEntries(counts, selected).map((entry) => (
          <li key={entry.category ?? "all"}>
            <button
              type="button"
              aria-pressed={entry.selected}
              onClick={() => onSelect(entry.category)}
              className={cx(
                "flex min-h-10 w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                entry.selected ? "bg-brand-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-100",
              )}
            >
              <span className="min-w-0 truncate">
                {entry.category === null ? t("FIND_DEALS.ALL") : t(`CATEGORY.${entry.category}`)}
              </span>
              {entry.count !== null && (
                <span
                  className={cx(
                    "shrink-0 rounded-full px-2 text-xs tabular-nums",
                    entry.selected ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700",
                  )}
                >
                  {entry.count}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
