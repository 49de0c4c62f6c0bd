import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import type { NavEntry } from "../../lib/destinations";

interface NavLinksProps {
  entries: readonly NavEntry[];
  vertical?: boolean;
  /** Called after a link is followed, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

/** The entries as a list of links; the current page is marked for assistive technology (aria-current) and by eye. */
export function NavLinks({ entries, vertical = false, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  return (
    <ul className={cx("flex", vertical ? "flex-col gap-1" : "items-center gap-1")}>
      {entries.map((entry) => (
        <li key={entry.to}>
          <Link
            to={entry.to}
            // An entry above another (the console's /admin above /admin/users) is current on its own page only.
            activeOptions={{ exact: entries.some((other) => other.to.startsWith(`${entry.to}/`)) }}
            onClick={onNavigate}
            className={cx(
              "block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900",
              "aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800",
            )}
          >
            {t(entry.labelKey)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
