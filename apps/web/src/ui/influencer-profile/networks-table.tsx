import type { InfluencerProfileNetwork } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatEngagement } from "../../lib/influencer-format";
import { statisticsUrl } from "../../lib/profile-format";
import { NetworkBadge } from "../network-badge";

interface NetworksTableProps<N extends InfluencerProfileNetwork> {
  networks: readonly N[];
  totalReach: number;
  /** The optional actions column (spec section 2: refresh, remove), the owner's on their own profile. */
  actions?: ((network: N) => ReactNode) | undefined;
}

/** The networks table of spec section 2, then the total reach line. */
export function NetworksTable<N extends InfluencerProfileNetwork>({
  networks,
  totalReach,
  actions,
}: NetworksTableProps<N>) {
  const { t } = useTranslation();
  const notAvailable = t("INFLUENCER.PROFILE.NOT_AVAILABLE");
  const count = (value: number | null) => (value === null ? notAvailable : formatCount(value));
  return (
    <section aria-labelledby="profile-networks" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="profile-networks" className="mb-3 text-lg font-semibold">
        {t("INFLUENCER.PROFILE.NETWORKS")}
      </h2>
      {networks.length === 0 ? (
        <p className="text-slate-600">{t("INFLUENCER.PROFILE.NO_NETWORKS")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.PLATFORM")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.NAME")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.LINK")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.AUDIENCE")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.ACTIVITY")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.REACTION")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("INFLUENCER.PROFILE.COL.ENGAGEMENT")}
                </th>
                <th scope="col" className={actions ? "py-2 pr-4" : "py-2"}>
                  {t("INFLUENCER.PROFILE.COL.STATISTICS")}
                </th>
                {actions && (
                  <th scope="col" className="py-2">
                    {t("INFLUENCER.PROFILE.COL.ACTIONS")}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {networks.map((network) => {
                const stats = statisticsUrl(network.type, network.identifier);
                return (
                  <tr key={network.id} data-testid="profile-network">
                    <td className="py-2 pr-4">
                      <NetworkBadge type={network.type} />
                    </td>
                    <td className="py-2 pr-4">
                      <span className="inline-flex items-center gap-1">
                        {network.title}
                        {network.isVerified && (
                          <span
                            role="img"
                            aria-label={t("INFLUENCER.PROFILE.VERIFIED")}
                            title={t("INFLUENCER.PROFILE.VERIFIED")}
                            className="text-brand-700"
                          >
                            ✔
                          </span>
                        )}
                      </span>
                    </td>
                    <td className="py-2 pr-4">
                      {network.link ? (
                        <a
                          href={network.link}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-800 underline"
                        >
                          {t("INFLUENCER.PROFILE.OPEN_LINK")}
                          <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
                        </a>
                      ) : (
                        notAvailable
                      )}
                    </td>
                    <td className="py-2 pr-4">{formatCount(network.followers)}</td>
                    <td className="py-2 pr-4">{count(network.posts)}</td>
                    <td className="py-2 pr-4">{count(network.reactions)}</td>
                    <td className="py-2 pr-4">
                      {network.engagement === null ? notAvailable : formatEngagement(network.engagement)}
                    </td>
                    <td className={actions ? "py-2 pr-4" : "py-2"}>
                      {stats && (
                        <a href={stats} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline">
                          {t("INFLUENCER.PROFILE.STATISTICS_LINK")}
                          <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
                        </a>
                      )}
                    </td>
                    {actions && <td className="py-2">{actions(network)}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 font-medium" data-testid="total-reach-line">
        {t("INFLUENCER.PROFILE.TOTAL_REACH_LINE", { reach: formatCount(totalReach) })}
      </p>
    </section>
  );
}
