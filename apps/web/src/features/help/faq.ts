import {
  BIO_CODE_VALIDITY_MS,
  DAY_MS,
  DEFAULT_EXPIRY_MONTHS,
  DEFAULT_FEE_PERCENT,
  formatUsd,
  influencerNetCents,
  MIN_FACEBOOK_PAGE_LIKES,
  MIN_NETWORK_FOLLOWERS,
  MIN_PAYOUT_CENTS,
  MIN_PROPOSAL_PRICE_DOLLARS,
  MINUTE_MS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  PAYOUT_PROCESSING_BUSINESS_DAYS,
  RELEASE_WINDOW_MS,
  SPONSORED_CONTENT_MIN_MONTHS,
} from "@market/contracts";
import type { ParseKeys } from "i18next";

export interface FaqEntry {
  question: ParseKeys;
  answer: ParseKeys;
}

export interface FaqSection {
  /** The section's anchor: /help-center#payouts. */
  id: string;
  title: ParseKeys;
  entries: readonly FaqEntry[];
}

/** The influencer's help center (spec section 2, /help-center), in the order an influencer meets each topic. */
export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: "networks",
    title: "HELP_CENTER.NETWORKS.TITLE",
    entries: [
      { question: "HELP_CENTER.NETWORKS.WHICH_Q", answer: "HELP_CENTER.NETWORKS.WHICH_A" },
      { question: "HELP_CENTER.NETWORKS.FOLLOWERS_Q", answer: "HELP_CENTER.NETWORKS.FOLLOWERS_A" },
      { question: "HELP_CENTER.NETWORKS.INSTAGRAM_Q", answer: "HELP_CENTER.NETWORKS.INSTAGRAM_A" },
      { question: "HELP_CENTER.NETWORKS.CONFLICT_Q", answer: "HELP_CENTER.NETWORKS.CONFLICT_A" },
    ],
  },
  {
    id: "proposals",
    title: "HELP_CENTER.PROPOSALS.TITLE",
    entries: [
      { question: "HELP_CENTER.PROPOSALS.HOW_Q", answer: "HELP_CENTER.PROPOSALS.HOW_A" },
      { question: "HELP_CENTER.PROPOSALS.PRICE_Q", answer: "HELP_CENTER.PROPOSALS.PRICE_A" },
      { question: "HELP_CENTER.PROPOSALS.UPDATE_Q", answer: "HELP_CENTER.PROPOSALS.UPDATE_A" },
      { question: "HELP_CENTER.PROPOSALS.FEE_Q", answer: "HELP_CENTER.PROPOSALS.FEE_A" },
    ],
  },
  {
    id: "work",
    title: "HELP_CENTER.WORK.TITLE",
    entries: [
      { question: "HELP_CENTER.WORK.ESCROW_Q", answer: "HELP_CENTER.WORK.ESCROW_A" },
      { question: "HELP_CENTER.WORK.RELEASE_Q", answer: "HELP_CENTER.WORK.RELEASE_A" },
      { question: "HELP_CENTER.WORK.CONTENT_Q", answer: "HELP_CENTER.WORK.CONTENT_A" },
    ],
  },
  {
    id: "payouts",
    title: "HELP_CENTER.PAYOUTS.TITLE",
    entries: [
      { question: "HELP_CENTER.PAYOUTS.HOW_Q", answer: "HELP_CENTER.PAYOUTS.HOW_A" },
      { question: "HELP_CENTER.PAYOUTS.DELAY_Q", answer: "HELP_CENTER.PAYOUTS.DELAY_A" },
    ],
  },
];

const EXAMPLE_PRICE_CENTS = 100_00;
const number = new Intl.NumberFormat("en-US");
const methodList = new Intl.ListFormat("en", { type: "disjunction" });

/**
 * The figures the answers quote, all from the business constants (spec section 9) so that the help center
 * never disagrees with the rules the server applies; amounts as every money figure of the site ("$20.00").
 */
export function faqValues() {
  return {
    minFollowers: number.format(MIN_NETWORK_FOLLOWERS),
    minPageLikes: number.format(MIN_FACEBOOK_PAGE_LIKES),
    bioCodeMinutes: BIO_CODE_VALIDITY_MS / MINUTE_MS,
    minPrice: formatUsd(MIN_PROPOSAL_PRICE_DOLLARS * 100),
    expiryMonths: DEFAULT_EXPIRY_MONTHS,
    feePercent: DEFAULT_FEE_PERCENT,
    examplePrice: formatUsd(EXAMPLE_PRICE_CENTS),
    exampleNet: formatUsd(influencerNetCents(EXAMPLE_PRICE_CENTS, DEFAULT_FEE_PERCENT)),
    releaseDays: RELEASE_WINDOW_MS / DAY_MS,
    contentMonths: SPONSORED_CONTENT_MIN_MONTHS,
    minPayout: formatUsd(MIN_PAYOUT_CENTS),
    payoutMethods: methodList.format(PAYOUT_METHODS.map((method) => PAYOUT_METHOD_LABELS[method])),
    payoutDaysMin: PAYOUT_PROCESSING_BUSINESS_DAYS.min,
    payoutDaysMax: PAYOUT_PROCESSING_BUSINESS_DAYS.max,
  };
}
