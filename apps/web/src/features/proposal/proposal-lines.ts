import type { InfluencerProfileNetwork, NetworkType, OwnApplicationSummary } from "@market/contracts";
import { defaultDeadline, toDateInputValue } from "../../lib/deadline";
import { ORGANIC_VALUES, type RightsValues, withRights } from "./usage-rights-values";

/**
 * The proposal table (spec section 3, Proposal data): one line per network of the influencer whose type the
 * deal asks for (appliedNetworks), and the influencer's other networks (nonAppliedNetworks), which cannot be
 * priced. Spec section 6: only verified, non-conflicting networks may be used to apply.
 */

/** Why a line of the table cannot be priced. */
export type LineBlock = "unverified" | "conflicting";

export interface ProposalLine {
  network: InfluencerProfileNetwork;
  /** null when the line can be priced. */
  blocked: LineBlock | null;
}

export interface ProposalTable {
  lines: ProposalLine[];
  nonApplied: InfluencerProfileNetwork[];
}

/** A conflict is named before verification: resolving it is the first thing to do. */
function blockOf(network: InfluencerProfileNetwork): LineBlock | null {
  if (network.isConflicting) return "conflicting";
  if (!network.isVerified) return "unverified";
  return null;
}

/** Splits the influencer's networks (in the server's order: type, then age) by whether the deal asks for them. */
export function proposalTableOf(
  networks: readonly InfluencerProfileNetwork[],
  dealNetworks: readonly NetworkType[],
): ProposalTable {
  const asked = new Set(dealNetworks);
  return {
    lines: networks
      .filter((network) => asked.has(network.type))
      .map((network) => ({ network, blocked: blockOf(network) })),
    nonApplied: networks.filter((network) => !asked.has(network.type)),
  };
}

export const priceableLines = (lines: readonly ProposalLine[]): ProposalLine[] =>
  lines.filter((line) => line.blocked === null);

/** What the influencer typed on one line, as typed. */
export interface LineValues {
  price: string;
  creationDays: string;
  /** What the brand may do with the content, priced with it; absent: organic. */
  rights?: RightsValues;
}

export interface ProposalFormValues {
  /** The message to the brand (new mode only). */
  text: string;
  /** The `yyyy-mm-dd` value of the expiration date input. */
  expiration: string;
  /** By network id; a line without an entry is blank. */
  lines: Record<number, LineValues>;
}

export const BLANK_LINE: LineValues = { price: "", creationDays: "" };

/** A line's usage rights as the form holds them (organic until chosen). */
export const rightsOf = (line: LineValues): RightsValues => line.rights ?? ORGANIC_VALUES;

/**
 * A new proposal's default expiration: about two months ahead at 23:59 (the rule of the campaign deadline, spec
 * section 9), but never after the campaign's own deadline, when the campaign closes and no proposal on it can be
 * accepted any more.
 */
export function defaultExpiration(now: Date, dealDeadline: Date | null): Date {
  const usual = defaultDeadline(now);
  return dealDeadline && dealDeadline.getTime() < usual.getTime() ? dealDeadline : usual;
}

/**
 * The form as it opens. New mode: blank lines and the default expiration (defaultExpiration). Update mode: each
 * priced network of the application fills the line of the same network, or else the first free priceable line of
 * its type (the network was relinked), and the expiration is the application's.
 */
export function initialProposalValues(
  lines: readonly ProposalLine[],
  application: Pick<OwnApplicationSummary, "expiration" | "prices"> | null,
  now: Date,
  dealDeadline: Date | null = null,
): ProposalFormValues {
  const values: ProposalFormValues = {
    text: "",
    expiration: toDateInputValue(application ? application.expiration : defaultExpiration(now, dealDeadline)),
    lines: {},
  };
  if (!application) return values;
  const open = priceableLines(lines);
  const filled = new Set<number>();
  const fill = (networkId: number, { price, creationDays, usageRights }: OwnApplicationSummary["prices"][number]) => {
    filled.add(networkId);
    values.lines[networkId] = withRights({ price: String(price), creationDays: String(creationDays) }, usageRights);
  };
  // Exact matches first, so that a type fallback never takes a line another price owns.
  const unmatched = application.prices.filter((price) => {
    const line = open.find((candidate) => candidate.network.id === price.networkId);
    if (!line) return true;
    fill(line.network.id, price);
    return false;
  });
  for (const price of unmatched) {
    const line = open.find(
      (candidate) => candidate.network.type === price.network && !filled.has(candidate.network.id),
    );
    if (line) fill(line.network.id, price);
  }
  return values;
}

/** The label of a line's inputs: the network type, with the account's title when two lines share a type. */
export function lineLabelOf(line: ProposalLine, lines: readonly ProposalLine[], typeLabel: string): string {
  const sameType = lines.filter((other) => other.network.type === line.network.type).length;
  return sameType > 1 ? `${typeLabel} (${line.network.title})` : typeLabel;
}
