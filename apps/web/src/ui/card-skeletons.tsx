import { useTranslation } from "react-i18next";
import { cx } from "../lib/cx";

interface CardSkeletonsProps {
  /** How many cards the first page will likely show. */
  count: number;
  /** The picture's placeholder: its size and shape, as the card draws its picture. */
  picture: string;
  /** Each text line's height, width and shade, the title's first. */
  lines: readonly string[];
  /** The card's own layout, when it differs from a picture beside the text (the deal's: above it on a phone). */
  card?: string;
}

/** The numbers 0 to count - 1, each a placeholder's key (the placeholders never move). */
const placeholders = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * Grey cards shaped like a list's cards while its first page loads (the applications, the campaigns, the deals);
 * assistive technology hears one "Loading…", never the shapes.
 */
export function CardSkeletons({ count, picture, lines, card = "flex gap-4" }: CardSkeletonsProps) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t("GLOBAL.LOADING")}</span>
      <ul aria-hidden="true" className="space-y-4">
        {placeholders(count).map((placeholder) => (
          <li
            key={placeholder}
            className={cx(card, "rounded-lg border border-slate-200 bg-white p-4 motion-safe:animate-pulse")}
          >
            <div className={picture} />
            <div className="flex-1 space-y-3">
              {lines.map((line) => (
                <div key={line} className={cx("rounded", line)} />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
