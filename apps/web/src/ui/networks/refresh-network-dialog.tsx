import type { OwnNetwork } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatEngagement } from "../../lib/influencer-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../button";
import { DialogFormEnd, SubjectDialog } from "./confirm-dialog";
import { useLinkErrorMessage } from "./use-link-error-message";
import { useNetworksChanged } from "./use-networks-changed";

interface RefreshNetworkDialogProps {
  /** The network to refresh (one linked through its provider); null keeps the dialog closed. */
  network: Pick<OwnNetwork, "id" | "type" | "title"> | null;
  onClose: () => void;
}

/**
 * The refresh network modal (spec section 2): reads the account's statistics again through its provider (followers,
 * posts, reactions, then engagement, rating and size class) and shows what it found.
 */
export function RefreshNetworkDialog({ network, onClose }: RefreshNetworkDialogProps) {
  const { t } = useTranslation();
  return (
    <SubjectDialog subject={network} title={t("NETWORKS.REFRESH.TITLE")} onClose={onClose}>
      {(network) => <RefreshBody network={network} onClose={onClose} />}
    </SubjectDialog>
  );
}

function RefreshBody({
  network,
  onClose,
}: {
  network: NonNullable<RefreshNetworkDialogProps["network"]>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const changed = useNetworksChanged();
  const refresh = trpc.networks.refresh.useMutation();
  const [error, setError] = useState<ParseKeys | null>(null);
  const [updated, setUpdated] = useState<OwnNetwork | null>(null);
  const name = t(`NETWORK.${network.type}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refresh.isPending) return;
    setError(null);
    try {
      const result = await refresh.mutateAsync({ id: network.id });
      setUpdated(result);
      await changed();
    } catch (failure) {
      setError(REASON_MESSAGE_KEYS[reasonOf(failure)]);
    }
  };

  if (updated) {
    return (
      <div className="space-y-4">
        {/* A reading that found a problem (the provider failed, or the account fell under the rules) says so first. */}
        <p role="status" className={updated.problem ? "font-medium text-amber-900" : "font-medium text-emerald-800"}>
          {t(updated.problem ? "NETWORKS.REFRESH.DONE_WITH_PROBLEM" : "NETWORKS.REFRESH.DONE", {
            network: name,
            title: updated.title,
          })}
        </p>
        <UpdatedStatistics network={updated} />
        <div className="flex justify-end">
          <Button onClick={onClose}>{t("NETWORKS.REFRESH.CLOSE")}</Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p>{t("NETWORKS.REFRESH.QUESTION", { network: name, title: network.title })}</p>
      <DialogFormEnd
        error={error}
        onCancel={onClose}
        pending={refresh.isPending}
        submitLabel={refresh.isPending ? t("NETWORKS.REFRESH.PENDING") : t("NETWORKS.REFRESH.SUBMIT")}
      />
    </form>
  );
}

/** The statistics as the refresh read them; a problem it found (fewer followers than needed…) comes first. */
function UpdatedStatistics({ network }: { network: OwnNetwork }) {
  const { t } = useTranslation();
  const linkErrorMessage = useLinkErrorMessage();
  const notAvailable = t("INFLUENCER.PROFILE.NOT_AVAILABLE");
  const count = (value: number | null) => (value === null ? notAvailable : formatCount(value));
  return (
    <>
      {network.problem && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {linkErrorMessage(network.problem)}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="refreshed-statistics">
        <Figure label={t("NETWORKS.STATS.FOLLOWERS")}>{formatCount(network.followers)}</Figure>
        <Figure label={t("NETWORKS.STATS.POSTS")}>{count(network.posts)}</Figure>
        <Figure label={t("NETWORKS.STATS.REACTIONS")}>{count(network.reactions)}</Figure>
        <Figure label={t("NETWORKS.STATS.ENGAGEMENT")}>
          {network.engagement === null ? notAvailable : formatEngagement(network.engagement)}
        </Figure>
        <Figure label={t("NETWORKS.STATS.RATING")}>
          {network.rating === null ? notAvailable : t("NETWORKS.STATS.RATING_VALUE", { rating: network.rating })}
        </Figure>
        <Figure label={t("NETWORKS.STATS.SIZE")}>
          {network.sizeClass === null ? notAvailable : t(`NETWORKS.SIZE_CLASS.${network.sizeClass}`)}
        </Figure>
      </dl>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
