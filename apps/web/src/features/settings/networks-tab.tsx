import {
  BIO_CODE_VALIDITY_MS,
  MIN_FACEBOOK_PAGE_LIKES,
  MIN_NETWORK_FOLLOWERS,
  MINUTE_MS,
  type NetworkLinkError,
} from "@market/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFollowers } from "../../lib/influencer-format";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { networkLinkErrorOf } from "./network-link-error";
import { Section, TabLoadError, TabLoading } from "./query-state";

interface NetworksTabProps {
  /** The `error` query parameter a linking flow came back with (spec section 8), if any. */
  linkError: string | undefined;
  /** Called once the message is on screen, to clear the parameter from the address. */
  onLinkErrorShown: () => void;
}

const numbers = new Intl.NumberFormat("en-US");

/** Networks tab (influencers): the linked networks, and the message of a linking flow's error. */
export function NetworksTab({ linkError, onLinkErrorShown }: NetworksTabProps) {
  const { t } = useTranslation();
  const networks = trpc.settings.networks.useQuery();
  const [shownError, setShownError] = useState<NetworkLinkError | null>(null);

  const shown = useRef(onLinkErrorShown);
  shown.current = onLinkErrorShown;
  useEffect(() => {
    const error = networkLinkErrorOf(linkError);
    if (!error) return;
    setShownError(error);
    shown.current();
  }, [linkError]);

  return (
    <div className="space-y-6">
      {shownError && (
        <div
          role="alert"
          className="flex items-start justify-between gap-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p>
            {t(`NETWORKS.LINK_ERROR.${shownError}`, {
              minFollowers: numbers.format(MIN_NETWORK_FOLLOWERS),
              minLikes: numbers.format(MIN_FACEBOOK_PAGE_LIKES),
              minutes: BIO_CODE_VALIDITY_MS / MINUTE_MS,
            })}
          </p>
          <Button variant="ghost" onClick={() => setShownError(null)}>
            {t("NETWORKS.DISMISS")}
          </Button>
        </div>
      )}
      <Section title={t("NETWORKS.TITLE")}>
        {networks.isPending ? (
          <TabLoading />
        ) : networks.isError ? (
          <TabLoadError
            message={t("NETWORKS.LOAD_ERROR")}
            onRetry={() => void networks.refetch()}
            busy={networks.isFetching}
          />
        ) : networks.data.length === 0 ? (
          <p role="status" className="text-slate-700">
            {t("NETWORKS.EMPTY")}
          </p>
        ) : (
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
                <th scope="col" className="py-2 font-medium">
                  {t("NETWORKS.STATUS")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {networks.data.map((network) => (
                <tr key={network.id} data-testid="own-network">
                  <td className="py-2 pr-4">{t(`NETWORK.${network.type}`)}</td>
                  <td className="py-2 pr-4">
                    {network.link ? (
                      <a
                        href={network.link}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="text-brand-800 underline"
                      >
                        {network.title}
                      </a>
                    ) : (
                      network.title
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums" title={numbers.format(network.followers)}>
                    {formatFollowers(network.followers)}
                  </td>
                  <td className="py-2">
                    {network.isConflicting ? (
                      <span className="text-amber-800">{t("NETWORKS.CONFLICTING")}</span>
                    ) : network.isVerified ? (
                      <span className="text-emerald-800">
                        <span aria-hidden="true">✓ </span>
                        {t("NETWORKS.VERIFIED")}
                      </span>
                    ) : (
                      <span className="text-slate-600">{t("NETWORKS.NOT_VERIFIED")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
