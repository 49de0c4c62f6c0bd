import type { AccountKind, AccountTab } from "@market/contracts";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ApiKeysTab } from "./api-keys/api-keys-tab";
import { FlagNotice } from "./flag-notice";
import { GeneralTab } from "./general-tab";
import { NetworksTab } from "./networks/networks-tab";
import { NotificationsTab } from "./notifications-tab";
import { PasswordTab } from "./password-tab";
import { PaymentTab } from "./payment-tab";
import { ProfileTab } from "./profile-tab";
import { type SettingsSearch, shownTabs, tabOf } from "./tabs";
import { WebhooksTab } from "./webhooks/webhooks-tab";

interface SettingsPageProps {
  kind: AccountKind;
  search: SettingsSearch;
  /** Writes the search parameters: a new history entry for a tab change, a replacement to clear a flow's outcome. */
  onSearchChange: (search: SettingsSearch, options: { replace: boolean }) => void;
}

/**
 * The brand's /settings and the influencer's /account (spec section 2, Account tabs): one tab at a time, chosen by
 * the `p` query parameter, the kind's first tab by default.
 */
export function SettingsPage({ kind, search, onSearchChange }: SettingsPageProps) {
  const { t } = useTranslation();
  const title = kind === "brand" ? t("SETTINGS.TITLE_BRAND") : t("SETTINGS.TITLE_INFLUENCER");
  useDocumentTitle(title);
  // The shell has read who is signed in already: this finds it in the cache.
  const me = trpc.account.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const actingAdmin = me.data?.user ? me.data.user.isImpersonating || me.data.user.isAdmin : false;
  const tabs = shownTabs(kind, actingAdmin);
  const current = tabOf(kind, search.p, tabs);

  const content: Record<AccountTab, () => ReactNode> = {
    networks: () => <NetworksTab search={search} onSearchReplace={(next) => onSearchChange(next, { replace: true })} />,
    profile: () => <ProfileTab />,
    general: () => <GeneralTab />,
    payment: () => <PaymentTab />,
    password: () => <PasswordTab />,
    notifications: () => <NotificationsTab />,
    api: () => <ApiKeysTab />,
    webhooks: () => <WebhooksTab />,
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {kind === "influencer" && <FlagNotice />}
      <Tabs.Root value={current} onValueChange={(tab) => onSearchChange({ p: tab }, { replace: false })}>
        <Tabs.List aria-label={t("SETTINGS.SECTIONS")} className="flex flex-wrap gap-1 border-b border-slate-200">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {t(`SETTINGS.TAB.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={current} className="pt-6 outline-none">
          {content[current]()}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
