import {
  CHANGE_SOMETHING_MESSAGE,
  computeDealStatus,
  type NetworkType,
  type Proposal,
  type ProposalPriceLine,
  type ProposalResult,
  type ProposalUpdate,
  type UsageRights,
  usageRightsKey,
} from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  type ChatMessagePayload,
  chatMessages,
  type Db,
  type Deal,
  deals,
  eq,
  inArray,
  isNull,
  type Network,
  ne,
  networks,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
  refreshApplicationTotals,
  refreshInfluencerSearchColumns,
  type Tx,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail, failField } from "../../errors";
import { notify, type WebhookJobs } from "../notifications/notify";
import { type ActingUser, applyAction } from "./lifecycle/apply-action";
import { pricesOf } from "./own-application";

type Deps = { db: Db; clock: Clock; webhookJobs?: WebhookJobs | undefined };
/** Who sends: the influencer, and the admin acting as them when impersonating. */
export type ProposalSender = ActingUser;

interface PricedNetwork {
  networkType: NetworkType;
  networkId: number;
  priceCents: number;
  creationDays: number;
  reach: number;
  usageRights: UsageRights;
}

/**
 * The deal, locked FOR SHARE until the transaction ends, so that a pause, a delete or a review by the brand
 * or the admin (which take FOR UPDATE) waits for the proposal, or the proposal sees their result. Deleted,
 * rejected (KO) and unknown deals are not_found.
 */
async function lockVisibleDeal(tx: Tx, dealId: number): Promise<Deal> {
  const [deal] = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), isNull(deals.deletedAt), ne(deals.reviewStatus, "KO")))
    .for("share");
  if (!deal) fail("not_found");
  return deal;
}

function requireFutureExpiration(expiration: Date, now: Date) {
  if (expiration.getTime() <= now.getTime()) fail("expired", "The expiration must be in the future.");
}

/**
 * Spec section 6: an influencer applies only with networks of their own that are verified and not conflicting,
 * and only with network types the deal asks for; one price per network type. Each refused line is marked on
 * its field (reason invalid).
 */
async function pricedNetworks(tx: Tx, influencerId: number, deal: Deal, lines: ProposalPriceLine[]) {
  return pricesOn(deal, lines, await ownedNetworks(tx, influencerId, lines));
}

/** The influencer's networks the lines name (others' ids are left out: pricesOn refuses them). */
function ownedNetworks(tx: Tx, influencerId: number, lines: ProposalPriceLine[]) {
  return tx
    .select()
    .from(networks)
    .where(
      and(
        eq(networks.userId, influencerId),
        inArray(
          networks.id,
          lines.map((line) => line.networkId),
        ),
      ),
    );
}

/** The lines priced on the influencer's networks they name, each checked against the deal (invalid otherwise). */
function pricesOn(deal: Deal, lines: ProposalPriceLine[], owned: Network[]) {
  const byId = new Map(owned.map((network) => [network.id, network]));
  const seenTypes = new Set<NetworkType>();
  return lines.map((line, index): PricedNetwork => {
    const path = ["prices", index, "networkId"];
    const network = byId.get(line.networkId);
    if (!network) return failField(path, "This network is not one of yours.");
    if (!network.isVerified) return failField(path, "Verify this network before applying with it.");
    if (network.isConflicting) return failField(path, "Resolve this network's conflict before applying with it.");
    if (!deal.networks.includes(network.type)) return failField(path, "This deal does not ask for this network.");
    if (seenTypes.has(network.type)) return failField(path, "One price per network type.");
    seenTypes.add(network.type);
    return {
      networkType: network.type,
      networkId: network.id,
      priceCents: line.price * 100,
      creationDays: line.creationDays,
      reach: network.followers,
      usageRights: line.usageRights,
    };
  });
}

async function resultOf(tx: Tx, application: { id: number; status: ProposalResult["status"]; expiration: Date }) {
  const prices = await pricesOf(tx, [application.id]);
  return {
    id: application.id,
    status: application.status,
    expiration: application.expiration,
    prices: prices.get(application.id) ?? [],
  };
}

/**
 * POST /api/applications: a WAITING application with its priced networks, the proposal text as the chat's
 * first message, and a notification to the brand, in one transaction under a share lock on the deal.
 * Reasons: not_found (deal deleted, rejected or unknown), paused, closed (deadline passed), expired (the
 * expiration is not ahead), conflict (already applied), invalid (a refused network line).
 */
export async function createProposal(deps: Deps, sender: ProposalSender, input: Proposal): Promise<ProposalResult> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const deal = await lockVisibleDeal(tx, input.dealId);
      const status = computeDealStatus(deal, now);
      if (status === "closed") fail("closed", "The deal's deadline has passed.");
      if (status === "paused") fail("paused", "The brand has paused this deal.");
      requireFutureExpiration(input.expiration, now);
      const [existing] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.dealId, deal.id), eq(applications.influencerId, sender.userId)));
      if (existing) fail("conflict", "You have already applied to this deal.");
      const priced = await pricedNetworks(tx, sender.userId, deal, input.prices);

      const [application] = await tx
        .insert(applications)
        .values({
          dealId: deal.id,
          influencerId: sender.userId,
          brandId: deal.userId,
          status: "WAITING",
          text: input.text,
          expiration: input.expiration,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: applications.id, status: applications.status, expiration: applications.expiration });
      if (!application) throw new Error("application not inserted");
      await tx.insert(applicationPrices).values(priced.map((line) => ({ applicationId: application.id, ...line })));
      await refreshApplicationTotals(tx, [application.id]);
      await tx.insert(chatMessages).values({
        applicationId: application.id,
        senderId: sender.userId,
        impersonatorId: sender.impersonatorId,
        type: "text",
        text: input.text,
        createdAt: now,
      });
      await refreshInfluencerSearchColumns(tx, [sender.userId]);
      // Last write: notify() holds the brand's notification lock until the commit.
      await notify(
        tx,
        [
          {
            userId: deal.userId,
            type: "application",
            applicationId: application.id,
            dealId: deal.id,
            senderId: sender.userId,
            createdAt: now,
          },
        ],
        { webhookJobs: deps.webhookJobs },
      );
      return resultOf(tx, application);
    });
  } catch (error) {
    // Two concurrent first proposals: the unique (deal, influencer) key lets one through.
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) fail("conflict", "You have already applied.");
    throw error;
  }
}

/** A line as far as an update changes it: the network, the price, the days and the usage rights. */
const keyOf = (line: {
  networkId: number | null;
  priceCents: number;
  creationDays: number;
  usageRights: UsageRights;
}) => `${line.networkId}:${line.priceCents}:${line.creationDays}:${usageRightsKey(line.usageRights)}`;

/** A line as the chat's price_update tells it. */
const told = (network: NetworkType, line: { priceCents: number; creationDays: number; usageRights: UsageRights }) => ({
  network,
  priceCents: line.priceCents,
  creationDays: line.creationDays,
  usageRights: line.usageRights,
});

/**
 * POST /api/applications/{id}: the influencer's own application only (anyone else's is not_found), through the
 * lifecycle table's update (closed once it has left WAITING, expired past its expiration); the new expiration
 * must be ahead (expired) and something must change (no_change): a price, days, usage rights, a network or the
 * expiration. Replaces the prices (with their usage rights) and narrates their changes
 * in the chat (price_update); the runner notifies the brand (application_update).
 */
export async function updateProposal(
  deps: Deps,
  sender: ProposalSender,
  input: ProposalUpdate,
): Promise<ProposalResult> {
  return applyAction(deps, sender, input.id, "update", async ({ tx, application, now, postMessage, setExpiry }) => {
    requireFutureExpiration(input.expiration, now);
    // The deal, the prices and the networks named are read together (one round trip: issue 33).
    const [[deal], oldRows, owned] = await Promise.all([
      tx.select().from(deals).where(eq(deals.id, application.dealId)).for("share"),
      tx.select().from(applicationPrices).where(eq(applicationPrices.applicationId, application.id)),
      ownedNetworks(tx, sender.userId, input.prices),
    ]);
    if (!deal || deal.deletedAt !== null) fail("not_found");
    const priced = pricesOn(deal, input.prices, owned);
    const oldByType = new Map(oldRows.map((row) => [row.networkType, row]));
    const newByType = new Map(priced.map((row) => [row.networkType, row]));
    const types = [...new Set<NetworkType>([...oldByType.keys(), ...newByType.keys()])].sort();
    const changes: Extract<ChatMessagePayload, { type: "price_update" }>["changes"] = [];
    for (const network of types) {
      const before = oldByType.get(network);
      const after = newByType.get(network);
      if (before && after && keyOf(before) === keyOf(after)) continue;
      changes.push({
        network,
        old: before ? told(network, before) : null,
        new: after ? told(network, after) : null,
      });
    }
    const expirationChanged = application.expiration.getTime() !== input.expiration.getTime();
    if (changes.length === 0 && !expirationChanged) fail("no_change", CHANGE_SOMETHING_MESSAGE);

    // The writes need nothing from one another's answers: sent together on the transaction's connection, they take
    // one round trip instead of six (issue 33), and PostgreSQL runs them in the order they were sent. That order
    // matters for the prices only: their delete and insert go first, as they are called (execute() sends at once),
    // then the application's totals and the influencer's average fee, which reads them (each refresh awaits its
    // statement, which sends it a microtask later, in the order they are called). A failure aborts the transaction,
    // so what follows it fails too and the whole is rolled back. Only new prices change the average fee.
    const writes: Promise<unknown>[] = [];
    if (changes.length > 0) {
      writes.push(
        tx.delete(applicationPrices).where(eq(applicationPrices.applicationId, application.id)).execute(),
        tx
          .insert(applicationPrices)
          .values(priced.map((line) => ({ applicationId: application.id, ...line })))
          .execute(),
        refreshApplicationTotals(tx, [application.id]),
        refreshInfluencerSearchColumns(tx, [sender.userId]),
        postMessage({ payload: { type: "price_update", changes } }),
      );
    }
    writes.push(setExpiry(input.expiration));
    await Promise.all(writes);
    return resultOf(tx, { id: application.id, status: application.status, expiration: input.expiration });
  });
}
