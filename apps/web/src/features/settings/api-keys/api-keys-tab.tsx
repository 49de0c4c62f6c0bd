import type { ApiKeyJson, CreatedApiKeyJson } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Section, TabLoadError, TabLoading } from "../query-state";
import { CreateKeyDialog } from "./create-key-dialog";
import { KeyTable } from "./key-table";
import { ShownKeyDialog } from "./shown-key-dialog";

/**
 * The API tab (issue 39): the account's keys for scripts, a dialog to make one, the new key shown once, and each
 * key's revoke and roll. Admins never see it (settings-page.tsx).
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const keys = trpc.keys.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedApiKeyJson | null>(null);
  const utils = trpc.useUtils();
  const onMade = (made: CreatedApiKeyJson) => {
    setCreating(false);
    setShown(made);
    void utils.keys.list.invalidate();
  };

  return (
    <Section title={t("SETTINGS.API.TITLE")} description={t("SETTINGS.API.DESCRIPTION")}>
      <div className="flex justify-end">
        <Button onClick={() => setCreating(true)}>{t("SETTINGS.API.CREATE")}</Button>
      </div>
      {keys.isPending ? (
        <TabLoading />
      ) : keys.isError ? (
        <TabLoadError
          message={t("SETTINGS.API.LOAD_ERROR")}
          onRetry={() => void keys.refetch()}
          busy={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <p role="status" className="text-slate-700">
          {t("SETTINGS.API.EMPTY")}
        </p>
      ) : (
        <KeyTable keys={keys.data as ApiKeyJson[]} onRolled={setShown} />
      )}
      <CreateKeyDialog open={creating} onOpenChange={setCreating} onMade={onMade} />
      <ShownKeyDialog made={shown} onClose={() => setShown(null)} />
    </Section>
  );
}
