/** Ledger account names (money.md). One function per kind so nobody spells them by hand. */
export const ledgerAccount = {
  stripe: "external:stripe",
  platformFees: "platform:fees",
  payoutsPending: "payouts:pending",
  externalPayouts: "external:payouts",
  escrow: (applicationId: number) => `escrow:${applicationId}`,
  influencer: (userId: number) => `influencer:${userId}`,
} as const;
