import type { OwnNetwork } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatFollowers } from "../../../lib/influencer-format";
import { NetworkBadge } from "../../../ui/network-badge";
import { useLinkErrorMessage } from "../../../ui/networks/use-link-error-message";

interface OwnNetworksTableProps {
  networks: readonly OwnNetwork[];
  actionsOf: (network: OwnNetwork) => ReactNode;
}

/** The influencer's networks in the networks tab: each with where it stands and the owner's actions. */
export function OwnNetworksTable({ networks, actionsOf }: OwnNetworksTableProps) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("NETWORKS.PLATFORM")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("NETWORKS.NAME")}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {t("NETWORKS.FOLLOWERS")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("NETWORKS.STATUS")}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t("NETWORKS.ACTIONS")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {networks.map((network) => (
            <tr key={network.id} data-testid="own-network" data-network-type={network.type} className="align-top">
              <td className="py-2 pr-4">
                <NetworkBadge type={network.type} />
              </td>
              <td className="py-2 pr-4 break-words">
                {network.link ? (
                  <a href={network.link} target="_blank" rel="noreferrer noopener" className="text-brand-800 underline">
                    {network.title}
                    <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
                  </a>
                ) : (
                  network.title
                )}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums" title={formatCount(network.followers)}>
                {formatFollowers(network.followers)}
              </td>
              <td className="py-2 pr-4">
                <NetworkStatus network={network} />
              </td>
              <td className="py-2">{actionsOf(network)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Conflicting first (it blocks applying until resolved), then added by name (never verified), unverified or verified;
 * what the last reading found wrong below.
 */
function NetworkStatus({ network }: { network: OwnNetwork }) {
  const { t } = useTranslation();
  const linkErrorMessage = useLinkErrorMessage();
  return (
    <div className="space-y-1" data-testid="network-status">
      {network.isConflicting ? (
        <span className="font-medium text-amber-800">{t("NETWORKS.CONFLICTING")}</span>
      ) : network.linkMethod === "name" ? (
        <span className="text-slate-600">{t("NETWORKS.BY_NAME")}</span>
      ) : network.isVerified ? (
        <span className="text-emerald-800">
          <span aria-hidden="true">✓ </span>
          {t("NETWORKS.VERIFIED")}
        </span>
      ) : (
        <span className="text-slate-600">{t("NETWORKS.NOT_VERIFIED")}</span>
      )}
      {network.problem && <p className="text-xs text-amber-800">{linkErrorMessage(network.problem)}</p>}
    </div>
  );
}
