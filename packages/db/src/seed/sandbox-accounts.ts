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

/**
 * The demo influencer's OAuth accounts, which the network sandboxes also hold as a hidden sample ("demo", not
 * listed on the consent page): the seed stores sandbox tokens naming that sample, sealed like a real link's, so
 * refreshing them on a fresh machine reads these accounts again instead of failing.
 */
export const SANDBOX_DEMO_SAMPLE_ID = "demo";

export const SANDBOX_DEMO_ACCOUNTS = {
  facebook: [
    {
      identifier: "104511736982240",
      title: "Alex Morgan Lifestyle",
      link: "https://www.facebook.com/104511736982240",
    },
    {
      identifier: "107390012458871",
      title: "Austin Weekends by Alex",
      link: "https://www.facebook.com/107390012458871",
    },
  ],
  twitter: [
    { identifier: "1597310448813260800", title: "@demoinfluencer", link: "https://twitter.com/demoinfluencer" },
  ],
  youtube: [
    {
      identifier: "UCaLexMorganLifestyle0x7",
      title: "Alex Morgan",
      link: "https://www.youtube.com/channel/UCaLexMorganLifestyle0x7",
    },
  ],
} as const;

export type SandboxOAuthType = keyof typeof SANDBOX_DEMO_ACCOUNTS;

/**
 * The demo influencer's Instagram account, which the Instagram sandbox holds as a hidden profile (not on the
 * sandbox page, its bio not settable): refreshing the seeded network reads it again instead of answering that
 * the username does not exist.
 */
export const SANDBOX_DEMO_INSTAGRAM = {
  identifier: "demoinfluencer",
  title: "@demoinfluencer",
  link: "https://www.instagram.com/demoinfluencer/",
} as const;

/**
 * The sandbox's token of a sample: `sandbox-access|sandbox-refresh.{type}.{sample}.{nonce}`. Tokens name their
 * sample so every instance reads them alike; the sandbox provider and the seed both write them here.
 */
export const sandboxToken = (kind: "access" | "refresh", type: SandboxOAuthType, sampleId: string, nonce: string) =>
  `sandbox-${kind}.${type}.${sampleId}.${nonce}`;
