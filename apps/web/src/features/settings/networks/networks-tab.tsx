import { MIN_NETWORK_FOLLOWERS, type OwnNetwork, safeNextPath } from "@market/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../../lib/influencer-format";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { useNetworkOwnerDialogs } from "../../../ui/networks/use-network-owner-dialogs";
import { Section, TabLoadError, TabLoading } from "../query-state";
import type { SettingsSearch } from "../tabs";
import { AddNetworkDialog } from "./add-network-dialog";
import { ConflictDialog } from "./conflict-dialog";
import { type ConflictGroup, conflictGroups } from "./conflicts";
import { InstagramCodeDialog } from "./instagram-code-dialog";
import { hasOutcomeParameters, type LinkOutcome, linkOutcomeOf, searchWithoutOutcome } from "./link-outcome";
import { LinkSection } from "./link-section";
import { OutcomeNotice } from "./outcome-notice";
import { OwnNetworksTable } from "./own-networks-table";
import { ReturnPanel } from "./return-panel";

interface NetworksTabProps {
  search: SettingsSearch;
  /** Replaces the search parameters (no history entry): clearing a flow's outcome, or the way back. */
  onSearchReplace: (search: SettingsSearch) => void;
}

/**
 * Networks tab (influencers, spec sections 2, 4, 5 and 8): the linked networks with their refresh, remove and
 * conflict choice, the ways to link one, the message of what a linking flow came back with (then cleared from the
 * address), and the way back to the deal the proposal modal sent the influencer from.
 */
export function NetworksTab({ search, onSearchReplace }: NetworksTabProps) {
  const { t } = useTranslation();
  const view = trpc.networks.list.useQuery();
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const [instagramOpen, setInstagramOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [choosing, setChoosing] = useState<ConflictGroup<OwnNetwork> | null>(null);
  const owner = useNetworkOwnerDialogs();
  const next = safeNextPath(search.next);

  // Spec section 2: the error parameter is cleared once its message is shown; `linked` and `refreshed` alike. The
  // message stays on screen (state), the address loses it without a history entry, so reload or back never shows
  // it again.
  const latest = useRef({ search, onSearchReplace });
  latest.current = { search, onSearchReplace };
  const { error, linked, refreshed } = search;
  useEffect(() => {
    const { search: current, onSearchReplace: replace } = latest.current;
    if (!hasOutcomeParameters({ error, linked, refreshed })) return;
    const found = linkOutcomeOf(current);
    if (found) setOutcome(found);
    replace(searchWithoutOutcome(current));
  }, [error, linked, refreshed]);

  const networks: OwnNetwork[] = view.data?.networks ?? [];
  return (
    <div className="space-y-6">
      {outcome && <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {next && view.data && (
        <ReturnPanel next={next} networks={networks} onDismiss={() => onSearchReplace({ p: "networks" })} />
      )}
      <Section title={t("NETWORKS.TITLE")} description={t("NETWORKS.DESCRIPTION")}>
        {view.isPending ? (
          <TabLoading />
        ) : view.isError ? (
          <TabLoadError message={t("NETWORKS.LOAD_ERROR")} onRetry={() => void view.refetch()} busy={view.isFetching} />
        ) : networks.length === 0 ? (
          <p role="status" className="text-slate-700" data-testid="networks-empty">
            {t("NETWORKS.EMPTY")}
          </p>
        ) : (
          <>
            {!view.data.canApply && (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t("NETWORKS.CANNOT_APPLY")}
              </p>
            )}
            {conflictGroups(networks).map((group) => (
              <ConflictNotice key={group.type} group={group} onChoose={() => setChoosing(group)} />
            ))}
            <OwnNetworksTable networks={networks} actionsOf={owner.actionsOf} />
          </>
        )}
      </Section>
      <Section
        title={t("NETWORKS.LINK.TITLE")}
        description={t("NETWORKS.LINK.DESCRIPTION", { minFollowers: formatCount(MIN_NETWORK_FOLLOWERS) })}
      >
        {view.data?.sandbox && <p className="text-sm text-slate-600">{t("NETWORKS.LINK.SANDBOX")}</p>}
        <LinkSection
          networks={networks}
          next={next}
          onInstagram={() => setInstagramOpen(true)}
          onAddByName={() => setAddOpen(true)}
        />
      </Section>
      {owner.dialogs}
      <InstagramCodeDialog
        open={instagramOpen}
        onOpenChange={setInstagramOpen}
        next={next}
        sandbox={view.data?.sandbox ?? false}
      />
      <AddNetworkDialog open={addOpen} onOpenChange={setAddOpen} existing={networks} />
      <ConflictDialog group={choosing} onClose={() => setChoosing(null)} />
    </div>
  );
}

/** Spec section 4: a conflict is resolved by choosing one network; until then the type cannot be used to apply. */
function ConflictNotice({ group, onChoose }: { group: ConflictGroup<OwnNetwork>; onChoose: () => void }) {
  const { t } = useTranslation();
  const network = t(`NETWORK.${group.type}`);
  return (
    <div
      data-testid="conflict-notice"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
    >
      <p className="text-sm">
        {group.networks.length > 1
          ? t("NETWORKS.CONFLICT.NOTICE_SEVERAL", { number: group.networks.length, network })
          : t("NETWORKS.CONFLICT.NOTICE_SHARED", { network, title: group.networks[0]?.title ?? "" })}
      </p>
      <Button variant="secondary" onClick={onChoose}>
        {t("NETWORKS.CONFLICT.CHOOSE", { network })}
      </Button>
    </div>
  );
}
