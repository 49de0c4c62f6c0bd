import type { OwnNetwork } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { Button } from "../button";

interface NetworkOwnerActionsProps {
  network: OwnNetwork;
  onRefresh: (network: OwnNetwork) => void;
  onRemove: (network: OwnNetwork) => void;
}

/**
 * The owner's actions on one of their networks (spec section 2: refresh, remove), in the networks tab and on
 * /profile. A network added by name has no statistics to read again, so no refresh.
 */
export function NetworkOwnerActions({ network, onRefresh, onRemove }: NetworkOwnerActionsProps) {
  const { t } = useTranslation();
  const names = { network: t(`NETWORK.${network.type}`), title: network.title };
  return (
    <div className="flex gap-2 whitespace-nowrap">
      {network.linkMethod !== "name" && (
        <Button
          variant="secondary"
          className="min-h-8 px-3 py-1"
          aria-label={t("NETWORKS.REFRESH.BUTTON_LABEL", names)}
          onClick={() => onRefresh(network)}
        >
          {t("NETWORKS.REFRESH.BUTTON")}
        </Button>
      )}
      <Button
        variant="ghost"
        className="min-h-8 px-3 py-1 text-red-800 hover:bg-red-50"
        aria-label={t("NETWORKS.REMOVE.BUTTON_LABEL", names)}
        onClick={() => onRemove(network)}
      >
        {t("NETWORKS.REMOVE.BUTTON")}
      </Button>
    </div>
  );
}
