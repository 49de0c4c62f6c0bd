import { LINKABLE_NETWORKS, networkLinkPath, type OwnNetwork } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { NetworkBadge } from "../../../ui/network-badge";

interface LinkSectionProps {
  networks: readonly OwnNetwork[];
  /** The page to come back to (the tab's `next`), carried through the OAuth flows. */
  next: string | null;
  onInstagram: () => void;
  onAddByName: () => void;
}

/**
 * The ways to link a network (spec section 5): facebook, twitter and youtube through their consent page (a full
 * navigation to /auth/{network}), instagram by a code in the bio, and the others by name.
 */
export function LinkSection({ networks, next, onInstagram, onAddByName }: LinkSectionProps) {
  const { t } = useTranslation();
  const linkedTitle = (type: OwnNetwork["type"]) => networks.find((network) => network.type === type)?.title;

  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("NETWORKS.LINK.LIST")}>
      {LINKABLE_NETWORKS.map((type) => (
        <LinkRow key={type} type={type} linkedTitle={linkedTitle(type)}>
          <Button asChild variant="secondary">
            <a href={networkLinkPath(type, next ?? undefined)} data-testid={`link-${type}`}>
              {t("NETWORKS.LINK.BUTTON", { network: t(`NETWORK.${type}`) })}
            </a>
          </Button>
        </LinkRow>
      ))}
      <LinkRow type="instagram" linkedTitle={linkedTitle("instagram")}>
        <Button variant="secondary" onClick={onInstagram}>
          {t("NETWORKS.LINK.INSTAGRAM")}
        </Button>
      </LinkRow>
      <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 sm:col-span-2">
        <span className="text-sm text-slate-700">{t("NETWORKS.LINK.BY_NAME_HINT")}</span>
        <Button variant="secondary" onClick={onAddByName}>
          {t("NETWORKS.LINK.BY_NAME")}
        </Button>
      </li>
    </ul>
  );
}

function LinkRow({
  type,
  linkedTitle,
  children,
}: {
  type: OwnNetwork["type"];
  linkedTitle: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3">
      <span className="min-w-0">
        <NetworkBadge type={type} />
        {linkedTitle !== undefined && (
          <span className="block text-xs break-words text-slate-600">
            {t("NETWORKS.LINK.ALREADY", { title: linkedTitle })}
          </span>
        )}
      </span>
      {children}
    </li>
  );
}
