import {
  canApplyWith,
  linkMethodOf,
  type NetworkLinkError,
  type NetworksView,
  type OwnNetwork,
} from "@market/contracts";
import {
  alias,
  and,
  asc,
  type Db,
  desc,
  eq,
  exists,
  ne,
  networks,
  type Placeholders,
  preparedQuery,
  type Tx,
} from "@market/db";
import { networkViewColumns } from "./network-view";
import type { NetworkProviders } from "./providers/ports";

const other = alias(networks, "other");

/** The owner's columns on top of the public ones: never the tokens. */
const ownColumns = (db: Db | Tx) => ({
  ...networkViewColumns,
  statisticsReadAt: networks.statisticsReadAt,
  problem: networks.problem,
  sharedWithOthers: exists(
    db
      .select({ id: other.id })
      .from(other)
      .where(
        and(
          eq(other.type, networks.type),
          eq(other.identifier, networks.identifier),
          ne(other.userId, networks.userId),
        ),
      ),
  ).mapWith(Boolean),
});

type OwnRow = Awaited<ReturnType<typeof selectOwn>>[number];

function selectOwn(db: Db, userId: number, id?: number) {
  return db
    .select(ownColumns(db))
    .from(networks)
    .where(id === undefined ? eq(networks.userId, userId) : and(eq(networks.userId, userId), eq(networks.id, id)))
    .orderBy(desc(networks.followers), asc(networks.id));
}

/** selectOwn of all the influencer's networks, built once (the networks tab and /profile read it on every visit). */
const ownNetworkRows = preparedQuery("own_networks", (db, values: Placeholders<{ userId: number }>) =>
  db
    .select(ownColumns(db))
    .from(networks)
    .where(eq(networks.userId, values.userId))
    .orderBy(desc(networks.followers), asc(networks.id)),
);

function toOwnNetwork({ statisticsReadAt, problem, sharedWithOthers, ...row }: OwnRow): OwnNetwork {
  const linkMethod = linkMethodOf(row.type);
  return {
    ...row,
    linkMethod,
    canApply: canApplyWith(row),
    // Two influencers may well name a blog alike: only a proven account is shared.
    sharedWithOthers: linkMethod !== "name" && sharedWithOthers,
    statisticsReadAt: statisticsReadAt ? statisticsReadAt.toISOString() : null,
    problem: (problem as NetworkLinkError | null) ?? null,
  };
}

/** The influencer's networks as the networks tab and /profile show them to their owner, biggest first. */
export async function ownNetworks(db: Db, userId: number): Promise<OwnNetwork[]> {
  const rows = await ownNetworkRows(db, { userId });
  return rows.map(toOwnNetwork);
}

/** One of the influencer's networks, or null when it is not theirs. */
export async function ownNetwork(db: Db, userId: number, id: number): Promise<OwnNetwork | null> {
  const [row] = await selectOwn(db, userId, id);
  return row ? toOwnNetwork(row) : null;
}

/** GET /api/networks. */
export async function listNetworks(
  deps: { db: Db; networkProviders: NetworkProviders },
  userId: number,
): Promise<NetworksView> {
  const list = await ownNetworks(deps.db, userId);
  const providers = [...Object.values(deps.networkProviders.oauth), deps.networkProviders.instagram];
  return {
    networks: list,
    canApply: list.some((network) => network.canApply),
    sandbox: providers.every((provider) => provider.sandbox),
  };
}
