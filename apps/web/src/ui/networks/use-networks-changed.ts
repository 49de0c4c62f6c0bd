import { trpc } from "../../lib/trpc";

/**
 * After a network was added, removed, refreshed or chosen: the screens that show the influencer's networks read
 * them again (the networks tab, the own profile, and the proposal modal's table).
 */
export function useNetworksChanged(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.networks.list.invalidate(), utils.influencers.own.invalidate()]);
  };
}
