import type { Reason } from "@market/contracts";
import { reasonOf } from "./reasons";

/** As many tries as the app's default retry policy (lib/query-client.ts): the first one and two more. */
const MAX_FAILURES = 2;

/** What a page that loads one object by id shows. */
export type LoadState<T> =
  | { kind: "not_found" }
  | { kind: "loading" }
  | { kind: "error"; reason: Reason }
  | { kind: "loaded"; data: T };

/** The part of a TanStack query result the choice reads. */
export interface LoadedQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
}

export interface LoadStateOptions {
  /** False when the id of the path does not parse: nothing is asked and the object cannot exist. */
  validId: boolean;
  /** The reasons that mean "no such object" for this page. */
  notFoundReasons: readonly Reason[];
  /** Keep showing what was loaded when a refetch fails, instead of the load error. */
  keepDataOnError: boolean;
}

/** Picks the state to show; "no such object" wins over anything loaded before. */
export function loadStateOf<T>(query: LoadedQuery<T>, options: LoadStateOptions): LoadState<T> {
  const reason = query.isError ? reasonOf(query.error) : null;
  if (!options.validId || (reason !== null && options.notFoundReasons.includes(reason))) return { kind: "not_found" };
  if (query.data !== undefined && (reason === null || options.keepDataOnError)) {
    return { kind: "loaded", data: query.data };
  }
  if (reason === null) return { kind: "loading" };
  return { kind: "error", reason };
}

/**
 * A query's retry policy: up to two more tries, none for the final reasons (a second try would answer the same).
 * Unlike the default policy it retries other 4xx answers, as these pages always have.
 */
export function retryExcept(finalReasons: readonly Reason[]) {
  return (failureCount: number, error: unknown) =>
    failureCount < MAX_FAILURES && !finalReasons.includes(reasonOf(error));
}

/**
 * The query options of a page that loads one object by id behind its route's loader (app/screen-load.ts): the retry
 * policy above, and no second try when the page mounts on the loader's failure. A missing object is asked for once,
 * not once by the loader and again by the page; the page's error state offers to try again.
 */
export function pageObjectQuery(finalReasons: readonly Reason[]) {
  return { retry: retryExcept(finalReasons), retryOnMount: false } as const;
}
