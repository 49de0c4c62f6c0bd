import { z } from "zod";
import { networkType } from "./enum-schemas";
import { DENIED_REASONS, type DeniedReason } from "./enums";
import { rowId } from "./ids";
import { FILL_ONE_LINE_MESSAGE, proposalCreationDays, proposalPrice } from "./proposals";
import { type UsageRights, usageRights } from "./usage-rights";

/** The brand's actions on a WAITING application (spec sections 2 and 4): request changes and decline. */

/** Reasons a brand may give when declining: every denied reason but EXPIRED, which only expiry sets. */
export const DECLINE_REASONS = DENIED_REASONS.filter(
  (reason): reason is Exclude<DeniedReason, "EXPIRED"> => reason !== "EXPIRED",
) as [Exclude<DeniedReason, "EXPIRED">, ...Exclude<DeniedReason, "EXPIRED">[]];
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DEFAULT_DECLINE_REASON: DeclineReason = "NO_REASON";

/** Body of POST /api/applications/{id}/decline: the reason is optional (NO_REASON when absent or null). */
export const declineInput = z.object({
  id: rowId,
  reason: z
    .enum(DECLINE_REASONS, { error: "Choose a reason from the list." })
    .nullish()
    .transform((reason): DeclineReason => reason ?? DEFAULT_DECLINE_REASON),
});
export type DeclineInput = z.input<typeof declineInput>;
export type Decline = z.output<typeof declineInput>;

/** A line of the change request: a network of the proposal and the price (and optionally days) the brand asks. */
export interface ChangeRequestLine {
  network: z.infer<typeof networkType>;
  /** Whole dollars. */
  price: number;
  /** Days to create; null keeps the proposal's. */
  creationDays: number | null;
  /** The usage rights the brand asks for; null keeps the proposal's. */
  usageRights: UsageRights | null;
}

/**
 * Body of POST /api/applications/{id}/changes (the proposal modal's change mode): prices per network of the
 * proposal, blank lines dropped, at least one priced, a network at most once. That each network is in the
 * proposal and that something differs (no_change) is checked against the stored proposal.
 */
export const requestChangesInput = z.object({
  id: rowId,
  prices: z
    .array(
      z.object({
        network: networkType,
        price: proposalPrice,
        creationDays: proposalCreationDays,
        usageRights: usageRights.nullish(),
      }),
      { error: FILL_ONE_LINE_MESSAGE },
    )
    .max(20)
    .transform((lines, context): ChangeRequestLine[] => {
      const priced = lines.flatMap(({ network, price, creationDays, usageRights }): ChangeRequestLine[] =>
        price === undefined
          ? []
          : [{ network, price, creationDays: creationDays ?? null, usageRights: usageRights ?? null }],
      );
      if (priced.length === 0) {
        context.addIssue({ code: "custom", message: FILL_ONE_LINE_MESSAGE });
        return z.NEVER;
      }
      if (new Set(priced.map((line) => line.network)).size !== priced.length) {
        context.addIssue({ code: "custom", message: "A network appears twice." });
        return z.NEVER;
      }
      return priced;
    }),
});
export type RequestChangesInput = z.input<typeof requestChangesInput>;
export type ChangeRequest = z.output<typeof requestChangesInput>;

/** Fields whose absence answers missing_parameters (spec section 8); decline takes none. */
export const REQUEST_CHANGES_REQUIRED_FIELDS = ["prices"] as const;
