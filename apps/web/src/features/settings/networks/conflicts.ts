import type { NetworkType } from "@market/contracts";

/**
 * Conflicts (spec sections 2 and 4): accounts of one type that conflict are marked, and the influencer resolves
 * them by keeping one (the network conflict choice modal, `networks.choose`). An account conflicts while its owner
 * has several of its type, or while another influencer linked the same account.
 */
export interface ConflictGroup<N> {
  type: NetworkType;
  /** The conflicting accounts of the type, in the order of the list (biggest first). */
  networks: N[];
}

/** The conflicting networks by type, in the order their first account appears. */
export function conflictGroups<N extends { type: NetworkType; isConflicting: boolean }>(
  networks: readonly N[],
): ConflictGroup<N>[] {
  const groups: ConflictGroup<N>[] = [];
  for (const network of networks) {
    if (!network.isConflicting) continue;
    const group = groups.find((candidate) => candidate.type === network.type);
    if (group) group.networks.push(network);
    else groups.push({ type: network.type, networks: [network] });
  }
  return groups;
}
