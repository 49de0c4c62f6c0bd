import type { ReactNode } from "react";
import { type MoneyColumn, MoneyListStates, MoneyTable, type PagedQuery } from "../../../ui/money-table";

interface ConsoleListProps {
  query: PagedQuery;
  /** How many rows are loaded (the pages flattened). */
  count: number;
  loadError: string;
  /** The sentence in place of the table when there is no row: the queue is empty, or nothing matches the filters. */
  empty: string;
  /** The label of the button that loads the next page. */
  more: string;
  /** The table's name for screen readers (and the tests' handle on it). */
  caption: string;
  columns: MoneyColumn[];
  /** The rows. */
  children: ReactNode;
}

/**
 * The frame of every console list (issue 36, point 2): loading, load error with retry, the empty sentence in its
 * bordered box, then the table, busy while a changed filter's first page loads (the previous rows stay shown
 * meanwhile), and "more" for the next page.
 */
export function ConsoleList({ query, count, loadError, empty, more, caption, columns, children }: ConsoleListProps) {
  return (
    <MoneyListStates
      query={query}
      count={count}
      loadError={loadError}
      empty={
        <p role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center text-lg">
          {empty}
        </p>
      }
      more={more}
    >
      <div aria-busy={query.isFetching && !query.isFetchingNextPage}>
        <MoneyTable caption={caption} columns={columns}>
          {children}
        </MoneyTable>
      </div>
    </MoneyListStates>
  );
}
