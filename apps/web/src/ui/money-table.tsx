import type { ReactNode } from "react";
import { Button } from "./button";
import { LoadErrorMessage, LoadingLine } from "./query-states";

/** The title of a money page (earnings, hires), with its statement link beside it. */
export function MoneyPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** The download of a money page's CSV statement (the server names the file with the date). */
export function StatementLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="secondary">
      <a href={href} download>
        {children}
      </a>
    </Button>
  );
}

/** The part of an infinite TanStack query a paged money list reads. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface MoneyListStatesProps {
  query: PagedQuery;
  /** How many lines are loaded: a failed refetch keeps showing them instead of the load error. */
  count: number;
  loadError: string;
  /** What stands in place of the table when there is no line yet. */
  empty: ReactNode;
  /** The label of the button that loads the next page. */
  more: string;
  /** The table (and whatever goes above it) once there are lines. */
  children: ReactNode;
}

/** The states of a paged money list: loading, load error with retry, empty, then the lines and "more". */
export function MoneyListStates({ query, count, loadError, empty, more, children }: MoneyListStatesProps) {
  if (query.isPending) return <LoadingLine />;
  if (query.isError && count === 0) {
    return <LoadErrorMessage query={query}>{loadError}</LoadErrorMessage>;
  }
  if (count === 0) return empty;
  return (
    <>
      {children}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
        >
          {more}
        </Button>
      )}
    </>
  );
}

export interface MoneyColumn {
  label: string;
  /** Amounts and percentages stand right-aligned, so that their digits line up. */
  numeric?: boolean;
}

/**
 * The frame of a money table: named for screen readers, its column headings, then the rows. A table narrower than
 * its columns scrolls sideways; `scrollable` makes that frame a named region a keyboard can reach and scroll.
 */
export function MoneyTable({
  caption,
  columns,
  scrollable = false,
  children,
}: {
  caption: string;
  columns: MoneyColumn[];
  scrollable?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      {...(scrollable ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={column.numeric ? "px-4 py-2 text-right" : "px-4 py-2"}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
