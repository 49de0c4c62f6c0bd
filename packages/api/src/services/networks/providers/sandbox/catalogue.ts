import type { NetworkLinkError } from "@market/contracts";
import {
  SANDBOX_CONFLICT_ACCOUNTS,
  SANDBOX_DEMO_ACCOUNTS,
  SANDBOX_DEMO_INSTAGRAM,
  SANDBOX_DEMO_SAMPLE_ID,
} from "@market/db";
import type { NetworkAccount, OAuthNetworkType } from "../ports";

/**
 * The sample accounts of the built-in sandboxes: one login per case a newcomer should be able to meet on a fresh
 * machine (spec sections 5 and 8). Each OAuth sample is what one provider login reaches (facebook: the user's
 * pages), or a failure the provider's answer means. The conflicting samples hold the identifiers the demo seed
 * gives another influencer (SANDBOX_CONFLICT_ACCOUNTS), so linking them meets the conflict choice.
 */
export interface SandboxSample {
  /** Travels in the sandbox's authorization code; lowercase letters and dashes. */
  id: string;
  /** The login, as the consent page lists it. */
  label: string;
  /** What linking it shows, for the person trying the product. */
  outcome: string;
  accounts: readonly NetworkAccount[];
  /** Reading the accounts fails with this value instead (a broken provider answer). */
  failure?: NetworkLinkError;
  /** Not on the consent page: the demo influencer's accounts, reached only by the tokens the seed stores. */
  hidden?: true;
}

const account = (fields: Partial<NetworkAccount> & Pick<NetworkAccount, "identifier" | "title" | "followers">) => ({
  link: null,
  posts: null,
  reactions: null,
  isPrivate: false,
  hasAnalytics: true,
  ...fields,
});

const conflicting = (type: keyof typeof SANDBOX_CONFLICT_ACCOUNTS, stats: Partial<NetworkAccount>) => {
  const { identifier, title, link } = SANDBOX_CONFLICT_ACCOUNTS[type];
  return account({ identifier, title, link, followers: 0, ...stats });
};

/**
 * The demo influencer's accounts (SANDBOX_DEMO_ACCOUNTS) as a refresh reads them: a little grown since seeded,
 * so the refresh modal shows fresh figures.
 */
const demoSample = (
  type: OAuthNetworkType,
  stats: readonly (Partial<NetworkAccount> & { followers: number })[],
): SandboxSample => ({
  id: SANDBOX_DEMO_SAMPLE_ID,
  label: "Alex Morgan (the demo influencer)",
  outcome: "The demo influencer's accounts.",
  hidden: true,
  accounts: SANDBOX_DEMO_ACCOUNTS[type].map((page, i) =>
    account({ ...page, ...stats[i], followers: stats[i]?.followers ?? 0 }),
  ),
});

export const SANDBOX_OAUTH_SAMPLES: Record<OAuthNetworkType, readonly SandboxSample[]> = {
  facebook: [
    {
      id: "page-owner",
      label: "Jordan Lee, admin of the page Jordan Lee Cooks",
      outcome: "A page with 12,480 likes: it links.",
      accounts: [
        account({
          identifier: "108366251974512",
          title: "Jordan Lee Cooks",
          link: "https://www.facebook.com/108366251974512",
          followers: 12_480,
          reactions: 1_930,
        }),
      ],
    },
    {
      id: "small-page",
      label: "Priya Shah, admin of the page Priya's Plant Corner",
      outcome: "A page with 1,240 likes: refused, a page needs 2,000 likes.",
      accounts: [
        account({
          identifier: "109925118832451",
          title: "Priya's Plant Corner",
          link: "https://www.facebook.com/109925118832451",
          followers: 1_240,
          reactions: 210,
        }),
      ],
    },
    {
      id: "no-page",
      label: "Sam Ortiz, who manages no page",
      outcome: "No page to link.",
      accounts: [],
    },
    {
      id: "conflict",
      label: "Lena Hart, admin of the page Lena Hart Travels",
      outcome: "A page another influencer already linked: a conflict to resolve.",
      accounts: [conflicting("facebook", { followers: 18_300, reactions: 2_460 })],
    },
    {
      id: "broken",
      label: "Chris Doe, whose pages Facebook cannot read",
      outcome: "Facebook answers an error.",
      accounts: [],
      failure: "fb-broken",
    },
    demoSample("facebook", [
      { followers: 22_650, posts: 324, reactions: 640 },
      { followers: 6_870, posts: 322, reactions: 150 },
    ]),
  ],
  twitter: [
    {
      id: "creator",
      label: "@jordanlee_eats",
      outcome: "15,820 followers: it links.",
      accounts: [
        account({
          identifier: "1321589943066841088",
          title: "@jordanlee_eats",
          link: "https://twitter.com/jordanlee_eats",
          followers: 15_820,
          posts: 4_312,
          reactions: 1_205,
        }),
      ],
    },
    {
      id: "small",
      label: "@tiny_takes",
      outcome: "860 followers: refused, an account needs more than 2,000.",
      accounts: [
        account({
          identifier: "1552206375128465408",
          title: "@tiny_takes",
          link: "https://twitter.com/tiny_takes",
          followers: 860,
          posts: 310,
          reactions: 42,
        }),
      ],
    },
    {
      id: "protected",
      label: "@quiet_notes (protected posts)",
      outcome: "A private account: refused.",
      accounts: [
        account({
          identifier: "1398811027553918976",
          title: "@quiet_notes",
          link: "https://twitter.com/quiet_notes",
          followers: 5_400,
          posts: 1_020,
          reactions: 180,
          isPrivate: true,
        }),
      ],
    },
    {
      id: "conflict",
      label: "@lena_wanders",
      outcome: "An account another influencer already linked: a conflict to resolve.",
      accounts: [conflicting("twitter", { followers: 22_900, posts: 2_870, reactions: 1_640 })],
    },
    demoSample("twitter", [{ followers: 15_420, posts: 2_140, reactions: 125 }]),
  ],
  youtube: [
    {
      id: "channel",
      label: "Jordan Lee Kitchen (channel)",
      outcome: "126,500 subscribers: it links.",
      accounts: [
        account({
          identifier: "UC7rQkDq0mJ4fN2xWcVb8LsA",
          title: "Jordan Lee Kitchen",
          link: "https://www.youtube.com/channel/UC7rQkDq0mJ4fN2xWcVb8LsA",
          followers: 126_500,
          posts: 214,
          reactions: 9_870,
        }),
      ],
    },
    {
      id: "small",
      label: "Backyard Birds (channel)",
      outcome: "640 subscribers: refused, a channel needs more than 2,000.",
      accounts: [
        account({
          identifier: "UCp4Hs9aTq2LxN0vYdR7mWkE",
          title: "Backyard Birds",
          link: "https://www.youtube.com/channel/UCp4Hs9aTq2LxN0vYdR7mWkE",
          followers: 640,
          posts: 38,
          reactions: 95,
        }),
      ],
    },
    {
      id: "hidden-subscribers",
      label: "Night Drives (channel hiding its subscriber count)",
      outcome: "No statistics to read: refused for missing analytics.",
      accounts: [
        account({
          identifier: "UCz8Nd2RvX5kPq1tLbG6hYcJ",
          title: "Night Drives",
          link: "https://www.youtube.com/channel/UCz8Nd2RvX5kPq1tLbG6hYcJ",
          followers: 0,
          posts: 57,
          hasAnalytics: false,
        }),
      ],
    },
    {
      id: "private",
      label: "Studio Drafts (private channel)",
      outcome: "A private channel: refused.",
      accounts: [
        account({
          identifier: "UCa1Wm6QeZ3jH8sTn0vKpLrD",
          title: "Studio Drafts",
          link: "https://www.youtube.com/channel/UCa1Wm6QeZ3jH8sTn0vKpLrD",
          followers: 3_900,
          posts: 12,
          reactions: 0,
          isPrivate: true,
        }),
      ],
    },
    {
      id: "conflict",
      label: "Lena Hart Travels (channel)",
      outcome: "A channel another influencer already linked: a conflict to resolve.",
      accounts: [conflicting("youtube", { followers: 54_100, posts: 133, reactions: 4_420 })],
    },
    {
      id: "no-channel",
      label: "A Google account without a channel",
      outcome: "No channel to link.",
      accounts: [],
    },
    demoSample("youtube", [{ followers: 127_100, posts: 212, reactions: 2_700 }]),
  ],
};

/** A sample Instagram profile; its bio lives in the database (sandbox_bios), set from the sandbox page. */
export interface SandboxProfile {
  username: string;
  outcome: string;
  account: NetworkAccount;
  /** Not on the sandbox page and its bio not settable: the demo influencer's account, read only by a refresh. */
  hidden?: true;
}

const profile = (username: string, outcome: string, stats: Partial<NetworkAccount> & { followers: number }) => ({
  username,
  outcome,
  account: account({
    identifier: username,
    title: `@${username}`,
    link: `https://www.instagram.com/${username}/`,
    ...stats,
  }),
});

export const SANDBOX_INSTAGRAM_PROFILES: readonly SandboxProfile[] = [
  profile("jordan.lee.eats", "24,800 followers: it links once the code is in the bio.", {
    followers: 24_800,
    posts: 612,
    reactions: 3_150,
  }),
  profile("tiny.sketchbook", "1,450 followers: refused, an account needs more than 2,000.", {
    followers: 1_450,
    posts: 88,
    reactions: 140,
  }),
  profile("quiet.garden", "A private account: refused.", {
    followers: 8_900,
    posts: 240,
    reactions: 610,
    isPrivate: true,
  }),
  {
    username: SANDBOX_CONFLICT_ACCOUNTS.instagram.identifier,
    outcome: "An account another influencer already linked: a conflict to resolve.",
    account: conflicting("instagram", { followers: 31_200, posts: 905, reactions: 2_730 }),
  },
  {
    username: SANDBOX_DEMO_INSTAGRAM.identifier,
    outcome: "The demo influencer's account, a little grown since seeded.",
    hidden: true,
    account: account({ ...SANDBOX_DEMO_INSTAGRAM, followers: 48_650, posts: 410, reactions: 1_680 }),
  },
];
