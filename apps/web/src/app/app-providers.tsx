import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../lib/i18n";
import { trpc, trpcClient } from "../lib/trpc";
import { LazyToaster } from "../ui/lazy-toaster";

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          {children}
          <LazyToaster />
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>
  );
}
