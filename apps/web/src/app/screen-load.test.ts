import type { AppRouter } from "@market/api";
import type { ApplicationListResult } from "@market/contracts";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCQueryUtils, createTRPCReact, getQueryKey } from "@trpc/react-query";
import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIST_PAGES } from "../features/application-lists/list-query";
import { applicationListInputOf } from "../features/application-lists/list-state";
import { EARNINGS_INPUT, EARNINGS_PAGES, PAYOUTS_INPUT, PAYOUTS_PAGES } from "../features/earnings/earnings-query";
import { firstPageOf, loadScreen, SCREEN_WAIT_MS } from "./screen-load";

afterEach(() => vi.useRealTimers());

describe("loadScreen", () => {
  it("starts every load at once and waits for them all", async () => {
    let finish: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const start = vi.fn(() => [Promise.resolve(), slow]);
    let done = false;
    const loading = loadScreen("enter", start).then(() => {
      done = true;
    });
    expect(start).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(done).toBe(false);
    finish?.();
    await loading;
    expect(done).toBe(true);
  });

  it("loads on a preload as on arriving", async () => {
    const start = vi.fn(() => [Promise.resolve()]);
    await loadScreen("preload", start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("loads nothing on a change of the screen's own search: the screen asks itself and keeps its answer meanwhile", async () => {
    const start = vi.fn(() => [Promise.resolve()]);
    await loadScreen("stay", start);
    expect(start).not.toHaveBeenCalled();
  });

  it("never fails the navigation: a failed load is left to the screen's own error state", async () => {
    await expect(loadScreen("enter", () => [Promise.reject(new Error("500"))])).resolves.toBeUndefined();
  });

  it("waits at most SCREEN_WAIT_MS for an answer that does not come", async () => {
    vi.useFakeTimers();
    let done = false;
    const loading = loadScreen("enter", () => [new Promise(() => {})]).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(SCREEN_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });
});

/** What the fake server answers per procedure (the shapes the screens read; only the keys matter here). */
const ANSWERS: Record<string, unknown> = {
  "applications.list": { deal: null, applications: [], nextCursor: null } satisfies ApplicationListResult,
  "account.balance": { balanceCents: 1234 },
  "earnings.list": { items: [], nextCursor: "next" },
  "earnings.payouts": { items: [], nextCursor: null },
};

/** The page's query client and utilities over httpBatchLink, with a fetch that records each request's procedures. */
function pageQueries() {
  const requests: string[][] = [];
  const fetch = async (url: URL | RequestInfo) => {
    const paths = decodeURIComponent(new URL(String(url)).pathname.replace("/trpc/", "")).split(",");
    requests.push(paths);
    const body = paths.map((path) => ({ result: { data: superjson.serialize(ANSWERS[path]) } }));
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "http://web.test/trpc", transformer: superjson, fetch })],
  });
  const queryClient = new QueryClient();
  return { requests, queryClient, queries: createTRPCQueryUtils({ queryClient, client }) };
}

/** The hooks' procedures, for their query keys (`getQueryKey` is the key `useQuery`/`useInfiniteQuery` read). */
const hooks = createTRPCReact<AppRouter>();
/** The money lists' hooks take `{}` (only a cursor is allowed), where getQueryKey's types expect `undefined`. */
const emptyInput = (input: Record<string, never>) => input as unknown as undefined;

describe("a loader's prefetches (issue 33)", () => {
  it("go in one batched request and fill the keys the screen's hooks read", async () => {
    const { requests, queryClient, queries } = pageQueries();
    await loadScreen("enter", () => [
      queries.account.balance.prefetch(),
      queries.earnings.list.prefetchInfinite(EARNINGS_INPUT, firstPageOf(EARNINGS_PAGES)),
      queries.earnings.payouts.prefetchInfinite(PAYOUTS_INPUT, firstPageOf(PAYOUTS_PAGES)),
    ]);

    expect(requests).toEqual([["account.balance", "earnings.list", "earnings.payouts"]]);
    expect(queryClient.getQueryData(getQueryKey(hooks.account.balance, undefined, "query"))).toEqual({
      balanceCents: 1234,
    });
    // Only the first page, whatever its cursor says: the screen reads on from there.
    expect(
      queryClient.getQueryData(getQueryKey(hooks.earnings.list, emptyInput(EARNINGS_INPUT), "infinite")),
    ).toMatchObject({
      pages: [{ nextCursor: "next" }],
    });
    expect(
      queryClient.getQueryData(getQueryKey(hooks.earnings.payouts, emptyInput(PAYOUTS_INPUT), "infinite")),
    ).toBeDefined();
  });

  it("of a list ask with the input the screen derives from the same search", async () => {
    const { queryClient, queries } = pageQueries();
    const search = { status: "waiting", query: "glow" } as const;
    await loadScreen("enter", () => [
      queries.applications.list.prefetchInfinite(applicationListInputOf("brand", search), firstPageOf(LIST_PAGES)),
    ]);
    const key = getQueryKey(hooks.applications.list, { status: "waiting", sort: "time_p", query: "glow" }, "infinite");
    expect(queryClient.getQueryData(key)).toBeDefined();
  });
});
