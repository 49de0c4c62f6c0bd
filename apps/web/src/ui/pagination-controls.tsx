import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../lib/cx";
import { paginationKind, previousPage, typedPage } from "../lib/pagination";
import { Button } from "./button";

interface PaginationControlsProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * Spec section 9: numbered pages under 10 pages; otherwise previous/next around a page input that applies the
 * typed page on Enter (clamped to 1..last).
 */
export function PaginationControls({ page, pages, onPage }: PaginationControlsProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("FIND.PAGINATION.LABEL")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {paginationKind(pages) === "numbered" ? (
        <ol className="flex flex-wrap gap-2">
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <li key={number}>
              <button
                type="button"
                aria-current={number === page ? "page" : undefined}
                aria-label={t("FIND.PAGINATION.PAGE", { page: number })}
                onClick={() => onPage(number)}
                className={cx(
                  "min-h-10 min-w-10 rounded-md border px-3 text-sm font-medium",
                  number === page
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white hover:bg-slate-50",
                )}
              >
                {number}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <Stepper page={page} pages={pages} onPage={onPage} />
      )}
    </nav>
  );
}

function Stepper({ page, pages, onPage }: PaginationControlsProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = typedPage(text, pages);
    if (next === null || next === page) setText(String(page));
    else onPage(next);
  };
  return (
    <>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(previousPage(page, pages))}>
        {t("FIND.PAGINATION.PREVIOUS")}
      </Button>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm">
        {t("FIND.PAGINATION.PAGE_INPUT")}
        <input
          id={inputId}
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-10 w-16 rounded-md border border-slate-300 px-2 text-center"
        />
        <span>{t("FIND.PAGINATION.OF", { pages })}</span>
      </label>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("FIND.PAGINATION.NEXT")}
      </Button>
    </>
  );
}
