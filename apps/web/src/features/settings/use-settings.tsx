import type { AppRouter } from "@market/api";
import type { inferRouterOutputs } from "@trpc/server";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { TabLoadError, TabLoading } from "./query-state";

export type Settings = inferRouterOutputs<AppRouter>["settings"]["get"];
export type BrandSettings = Extract<Settings, { kind: "brand" }>;
export type InfluencerSettings = Extract<Settings, { kind: "influencer" }>;

/** Renders its children with the loaded settings, or the tab's loading and load-error states. */
export function WithSettings({ children }: { children: (settings: Settings) => ReactNode }) {
  const { t } = useTranslation();
  const settings = trpc.settings.get.useQuery();
  if (settings.isPending) return <TabLoading />;
  if (settings.isError) {
    return (
      <TabLoadError
        message={t("SETTINGS.LOAD_ERROR")}
        onRetry={() => void settings.refetch()}
        busy={settings.isFetching}
      />
    );
  }
  return children(settings.data);
}
