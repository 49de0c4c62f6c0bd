import type { Reason } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type LoadedQuery, loadStateOf } from "../lib/load-state";
import { ResultsMessage } from "./results-message";

/** The loading line of a page or a tab, announced politely. */
export function LoadingLine() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-slate-600">
      {t("GLOBAL.LOADING")}
    </p>
  );
}

/** A page whose object does not exist: says so as its heading, with the way back. */
export function NotFoundPanel({ children, back }: { children: ReactNode; back: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 role="alert" className="text-xl font-semibold">
        {children}
      </h1>
      {back}
    </div>
  );
}

/** A query that failed with nothing to show: why, with a retry that stays busy while the query runs again. */
export function LoadErrorMessage({
  query,
  children,
}: {
  query: { isFetching: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ResultsMessage
      role="alert"
      actionLabel={t("GLOBAL.RETRY")}
      onAction={() => void query.refetch()}
      busy={query.isFetching}
    >
      {children}
    </ResultsMessage>
  );
}

interface QueryStatesProps<T> {
  query: LoadedQuery<T> & { isFetching: boolean; refetch: () => unknown };
  /** False when the id of the path does not parse. */
  validId: boolean;
  /** The reasons that mean "no such object"; not_found by default. */
  notFoundReasons?: readonly Reason[];
  /** Keep showing what was loaded when a refetch fails. */
  keepDataOnError?: boolean;
  notFound: ReactNode;
  /** The loading state; the loading line by default. */
  loading?: ReactNode;
  /** The link back, above a load error. */
  back: ReactNode;
  /** The message of a load error, offered with a retry. */
  loadError: string;
  /** A page's own notice for some reasons, in place of the load error; undefined for the others. */
  errorNotice?: (reason: Reason) => ReactNode;
  children: (data: T) => ReactNode;
}

/** The states of a page that loads one object by id: not found, loading, load error with retry, loaded. */
export function QueryStates<T>({
  query,
  validId,
  notFoundReasons = ["not_found"],
  keepDataOnError = false,
  notFound,
  loading = <LoadingLine />,
  back,
  loadError,
  errorNotice,
  children,
}: QueryStatesProps<T>) {
  const state = loadStateOf(query, { validId, notFoundReasons, keepDataOnError });
  if (state.kind === "not_found") return notFound;
  if (state.kind === "loading") return loading;
  if (state.kind === "loaded") return children(state.data);
  return (
    <div className="space-y-4">
      {back}
      {errorNotice?.(state.reason) ?? <LoadErrorMessage query={query}>{loadError}</LoadErrorMessage>}
    </div>
  );
}
