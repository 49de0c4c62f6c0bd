/**
 * Accounts the network sandboxes offer (packages/api/src/services/networks/providers/sandbox) that the demo seed
 * gives to one of its influencers, so linking them on a fresh machine meets a conflict (spec sections 2 and 4:
 * accounts of one type that conflict are marked and one must be chosen). The seed and the sandboxes both read
 * this table, so the identifiers always match. No dependencies: the API imports it without the seed.
 */
export const SANDBOX_CONFLICT_ACCOUNTS = {
  facebook: {
    identifier: "104872339561207",
    title: "Lena Hart Travels",
    link: "https://www.facebook.com/104872339561207",
  },
  twitter: { identifier: "1480039215568734209", title: "@lena_wanders", link: "https://twitter.com/lena_wanders" },
  youtube: {
    identifier: "UCl3nAHartTravelsVlog0q9",
    title: "Lena Hart Travels",
    link: "https://www.youtube.com/channel/UCl3nAHartTravelsVlog0q9",
  },
  instagram: { identifier: "lena.wanders", title: "@lena.wanders", link: "https://www.instagram.com/lena.wanders/" },
} as const;

export type SandboxConflictType = keyof typeof SANDBOX_CONFLICT_ACCOUNTS;
