import {
  CHANGE_SOMETHING_MESSAGE,
  type ChangeRequest,
  type Decline,
  type DeniedReason,
  type NetworkPrice,
  sameUsageRights,
  storedUsageRights,
} from "@market/contracts";
import { applicationPrices, applications, type Db, eq } from "@market/db";
import type { Clock } from "../../clock";
import { fail, failField } from "../../errors";
import { type ActingUser, applyAction } from "./lifecycle/apply-action";

type Deps = { db: Db; clock: Clock };

/** What request changes and decline answer: where the application stands now. */
export interface WaitingActionResult {
  id: number;
  status: "WAITING" | "DENIED";
  deniedReason: DeniedReason | null;
}

/**
 * POST /api/applications/{id}/changes: the brand asks for other prices (and days, and usage rights) on networks of
 * the proposal, through the lifecycle table's requestChanges (WAITING, before the expiration). Each line's network
 * must be in the proposal (invalid on its field) and at least one line must differ (no_change). The chat gets a
 * change_request listing the lines that differ; the runner notifies the influencer. The proposal itself is
 * unchanged: the influencer answers by updating it.
 */
export async function requestChanges(
  deps: Deps,
  brand: ActingUser,
  input: ChangeRequest,
): Promise<WaitingActionResult> {
  return applyAction(deps, brand, input.id, "requestChanges", async ({ tx, application, now, postMessage }) => {
    const current = await tx
      .select()
      .from(applicationPrices)
      .where(eq(applicationPrices.applicationId, application.id));
    const byNetwork = new Map(current.map((row) => [row.networkType, row]));
    const asked = input.prices.map((line, index): Required<NetworkPrice> => {
      const proposed = byNetwork.get(line.network);
      if (!proposed) return failField(["prices", index, "network"], "This network is not in the proposal.");
      return {
        network: line.network,
        priceCents: line.price * 100,
        creationDays: line.creationDays ?? proposed.creationDays,
        usageRights: line.usageRights ?? storedUsageRights(proposed.usageRights),
      };
    });
    const differing = asked.filter((line) => {
      const proposed = byNetwork.get(line.network);
      return (
        proposed?.priceCents !== line.priceCents ||
        proposed.creationDays !== line.creationDays ||
        !sameUsageRights(storedUsageRights(proposed.usageRights), line.usageRights)
      );
    });
    if (differing.length === 0) fail("no_change", CHANGE_SOMETHING_MESSAGE);
    await tx.update(applications).set({ updatedAt: now }).where(eq(applications.id, application.id));
    await postMessage({ payload: { type: "change_request", prices: differing } });
    return { id: application.id, status: "WAITING", deniedReason: null };
  });
}

/**
 * POST /api/applications/{id}/decline: the brand turns the proposal down with a reason from the list
 * (NO_REASON by default; EXPIRED is expiry's own), through the lifecycle table's decline (WAITING, before the
 * expiration): the runner sets DENIED and notifies the influencer.
 */
export async function decline(deps: Deps, brand: ActingUser, input: Decline): Promise<WaitingActionResult> {
  return applyAction(deps, brand, input.id, "decline", async ({ tx, application }) => {
    await tx.update(applications).set({ deniedReason: input.reason }).where(eq(applications.id, application.id));
    return { id: application.id, status: "DENIED", deniedReason: input.reason };
  });
}
