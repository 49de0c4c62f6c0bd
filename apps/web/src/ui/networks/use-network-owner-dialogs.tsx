import type { OwnNetwork } from "@market/contracts";
import { type ReactNode, useState } from "react";
import { NetworkOwnerActions } from "./network-owner-actions";
import { RefreshNetworkDialog } from "./refresh-network-dialog";
import { RemoveNetworkDialog } from "./remove-network-dialog";

/** The owner's refresh and remove buttons of each network, and the two modals they open, for a networks table. */
export function useNetworkOwnerDialogs(): { actionsOf: (network: OwnNetwork) => ReactNode; dialogs: ReactNode } {
  const [refreshing, setRefreshing] = useState<OwnNetwork | null>(null);
  const [removing, setRemoving] = useState<OwnNetwork | null>(null);
  return {
    actionsOf: (network) => <NetworkOwnerActions network={network} onRefresh={setRefreshing} onRemove={setRemoving} />,
    dialogs: (
      <>
        <RefreshNetworkDialog network={refreshing} onClose={() => setRefreshing(null)} />
        <RemoveNetworkDialog network={removing} onClose={() => setRemoving(null)} />
      </>
    ),
  };
}
