import { STAR_RATING } from "@market/contracts";
import { cx } from "../lib/cx";

interface StarRatingProps {
  /** 1 to 5. */
  value: number;
  /** What a screen reader says instead of the stars, e.g. "Rated 4 out of 5". */
  label: string;
}

const STARS = Array.from({ length: STAR_RATING.max }, (_, index) => index + 1);

export function StarRating({ value, label }: StarRatingProps) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {STARS.map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cx("size-4", star <= filled ? "fill-amber-400" : "fill-slate-200")}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
