import { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again (bad input, not signed in, forbidden): only retry the rest. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: unknown } | undefined)?.httpStatus : undefined;
  return !(typeof status === "number" && status >= 400 && status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
