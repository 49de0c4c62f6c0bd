import { z } from "zod";
import type { ApplicationRefund } from "./application-state";
import { MIN_PROPOSAL_PRICE_DOLLARS } from "./constants";
import type { ApplicationStatus, DeniedReason, NetworkType } from "./enums";
import { rowId } from "./ids";
import { ORGANIC_RIGHTS, type UsageRights, usageRights } from "./usage-rights";

/** Spec section 5 messages. */
export const FILL_ONE_LINE_MESSAGE = "Please fill at least one line of the table.";
export const CHANGE_SOMETHING_MESSAGE = "Please change something.";
export const PROPOSAL_TEXT_MAX = 5_000;
/** Highest price per network, in whole dollars (keeps price_cents within a 32-bit integer). */
export const MAX_PROPOSAL_PRICE_DOLLARS = 1_000_000;
export const CREATION_DAYS = { min: 1, max: 365 } as const;

const PRICE_MESSAGE = `A whole number of dollars, at least ${MIN_PROPOSAL_PRICE_DOLLARS}.`;
const CREATION_DAYS_MESSAGE = `A number of days from ${CREATION_DAYS.min} to ${CREATION_DAYS.max}.`;

/**
 * A price as typed in the proposal table: a number, or a string where dollar signs, commas and spaces are
 * stripped ("$1,250" is 1250). Blank (empty string, null, absent) means the line is not priced.
 * Whole dollars only; at least MIN_PROPOSAL_PRICE_DOLLARS.
 */
export const proposalPrice = z
  .union([z.number(), z.string(), z.null()], { error: PRICE_MESSAGE })
  .optional()
  .transform((value, context): number | undefined => {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === "number" ? String(value) : value.replace(/[$,\s]/g, "");
    if (text === "") return undefined;
    if (!/^\d+$/.test(text)) {
      context.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    const dollars = Number(text);
    if (dollars < MIN_PROPOSAL_PRICE_DOLLARS || dollars > MAX_PROPOSAL_PRICE_DOLLARS) {
      context.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return dollars;
  });

/** Days to create the content: a whole number (a string of digits is accepted); blank means not given. */
export const proposalCreationDays = z
  .union([z.number(), z.string(), z.null()], { error: CREATION_DAYS_MESSAGE })
  .optional()
  .transform((value, context): number | undefined => {
    if (value === undefined || value === null) return undefined;
    const text = String(value).trim();
    if (text === "") return undefined;
    // Digits only, as for prices: Number() alone would read "0x10" as 16 and "1e1" as 10.
    const days = typeof value === "number" || /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(days) || days < CREATION_DAYS.min || days > CREATION_DAYS.max) {
      context.addIssue({ code: "custom", message: CREATION_DAYS_MESSAGE });
      return z.NEVER;
    }
    return days;
  });

/** One line of the proposal table: one of the influencer's networks, priced with its usage rights (organic if absent). */
const proposalLine = z
  .object({
    networkId: rowId,
    price: proposalPrice,
    creationDays: proposalCreationDays,
    usageRights: usageRights.optional().transform((rights): UsageRights => rights ?? ORGANIC_RIGHTS),
  })
  .superRefine((line, context) => {
    if (line.price !== undefined && line.creationDays === undefined) {
      context.addIssue({ code: "custom", path: ["creationDays"], message: CREATION_DAYS_MESSAGE });
    }
  });

export interface ProposalPriceLine {
  networkId: number;
  /** Whole dollars. */
  price: number;
  creationDays: number;
  /** What the brand may do with this network's content; the price is for the content with these rights. */
  usageRights: UsageRights;
}

/** The table: unpriced lines are dropped; at least one priced line; a network at most once. */
const proposalTable = z
  .array(proposalLine, { error: FILL_ONE_LINE_MESSAGE })
  .max(20)
  .transform((lines, context): ProposalPriceLine[] => {
    const priced = lines.filter(
      (line): line is ProposalPriceLine => line.price !== undefined && line.creationDays !== undefined,
    );
    if (priced.length === 0) {
      context.addIssue({ code: "custom", message: FILL_ONE_LINE_MESSAGE });
      return z.NEVER;
    }
    if (new Set(priced.map((line) => line.networkId)).size !== priced.length) {
      context.addIssue({ code: "custom", message: "A network appears twice." });
      return z.NEVER;
    }
    return priced;
  });

const EXPIRATION_MESSAGE = "Choose an expiration date.";
/** An ISO string from REST or a Date from tRPC; that it lies in the future is checked against the server clock. */
const expiration = z.union([z.date(), z.iso.datetime({ offset: true }).transform((value) => new Date(value))], {
  error: EXPIRATION_MESSAGE,
});

/** Body of POST /api/applications (proposal modal, new mode). */
export const createProposalInput = z.object({
  dealId: rowId,
  text: z
    .string({ error: "Write a few words to the brand." })
    .trim()
    .min(1, "Write a few words to the brand.")
    .max(PROPOSAL_TEXT_MAX),
  expiration,
  prices: proposalTable,
});
export type CreateProposalInput = z.input<typeof createProposalInput>;
export type Proposal = z.output<typeof createProposalInput>;

/** Body of POST /api/applications/{id} (update mode); the server refuses it with no_change when nothing differs. */
export const updateProposalInput = z.object({
  id: rowId,
  expiration,
  prices: proposalTable,
});
export type UpdateProposalInput = z.input<typeof updateProposalInput>;
export type ProposalUpdate = z.output<typeof updateProposalInput>;

/** Fields whose absence answers `missing_parameters` rather than `invalid` (spec section 8). */
export const PROPOSAL_REQUIRED_FIELDS = ["dealId", "text", "expiration", "prices"] as const;
export const PROPOSAL_UPDATE_REQUIRED_FIELDS = ["expiration", "prices"] as const;

/** Names the required fields absent from a raw body: missing, null, or a blank string. */
export function missingFields(raw: unknown, required: readonly string[]): string[] {
  const body = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  return required.filter((field) => {
    const value = body[field];
    return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  });
}

/** A priced network of an application as stored: dollars here, cents in the database. */
export interface ApplicationPriceView {
  network: NetworkType;
  networkId: number | null;
  reach: number;
  /** Whole dollars. */
  price: number;
  creationDays: number;
  link: string | null;
  /** What the brand may do with the content (organic: the influencer's account only). */
  usageRights: UsageRights;
}

/**
 * The influencer's own application on a deal page (DealView.application), with its status as it reads now: a
 * WAITING proposal past its expiration is DENIED, EXPIRED.
 */
export interface OwnApplicationSummary {
  id: number;
  status: ApplicationStatus;
  deniedReason: DeniedReason | null;
  expiration: Date;
  /** A hire an admin refunded (then DENIED): read as "Refunded", never "Declined" (applicationState). */
  refund: ApplicationRefund | null;
  prices: ApplicationPriceView[];
}

/** What POST /api/applications and POST /api/applications/{id} answer. */
export interface ProposalResult {
  id: number;
  status: ApplicationStatus;
  expiration: Date;
  prices: ApplicationPriceView[];
}
