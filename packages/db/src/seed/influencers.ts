import {
  CATEGORIES,
  type Category,
  canApplyWith,
  engagementPercent,
  type Gender,
  HOUR_MS,
  type NetworkType,
  ratingOfEngagement,
  UNLINKABLE_NETWORKS,
} from "@market/contracts";
import { contacts, influencerProfiles, networks, users } from "../schema";
import { groupBy, insertRows, insertWithIds } from "./batch";
import { fill, type SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";
import { assignSizeClasses, drawNetworkTypes, drawStatistics, networkAddress } from "./networks";
import { countryByCode, drawAddress, drawCountry, drawPerson, drawPhone } from "./people";
import type { Random } from "./random";
import {
  SANDBOX_CONFLICT_ACCOUNTS,
  SANDBOX_DEMO_ACCOUNTS,
  SANDBOX_DEMO_INSTAGRAM,
  SANDBOX_DEMO_SAMPLE_ID,
  type SandboxOAuthType,
  sandboxToken,
} from "./sandbox-accounts";
import { CATEGORY_COPY, INTERESTS } from "./words/categories";
import type { SeedCountry } from "./words/places";

const INFLUENCER_COUNT = 300;
const FAKE_COUNT = 9;
const UNKNOWN_AUDIENCE_SHARE = 0.1;
const UNKNOWN_CATEGORY_SHARE = 0.03;
const VERIFIED_SHARE = 0.92;

export interface SeededNetwork {
  id: number;
  type: NetworkType;
  handle: string;
  followers: number;
  link: string | null;
  /** Verified and not conflicting: the influencer may price it in a proposal (spec section 6). */
  canApply: boolean;
}

export interface SeededInfluencer {
  id: number;
  username: string;
  email: string;
  fullName: string;
  maybeFake: boolean;
  isDemo: boolean;
  networks: SeededNetwork[];
}

interface NetworkDraft {
  type: NetworkType;
  handle: string;
  title: string;
  identifier: string;
  link: string | null;
  followers: number;
  posts: number | null;
  reactions: number | null;
  engagement: number | null;
  rating: number | null;
  isVerified: boolean;
  isConflicting: boolean;
  /** Linked through a network sandbox's hidden demo sample: the seed stores that sample's tokens. */
  sandboxDemo?: SandboxOAuthType;
}

interface InfluencerDraft {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  category: Category | null;
  country: SeedCountry;
  city: string;
  maybeFake: boolean;
  isDemo: boolean;
  createdAgo: number;
  networks: NetworkDraft[];
}

/** The demo influencer's networks: one per engagement level, all verified, so every screen has data. */
const DEMO_NETWORKS: { type: NetworkType; followers: number; engagement: number }[] = [
  { type: "instagram", followers: 48_200, engagement: 3.4 },
  { type: "youtube", followers: 126_500, engagement: 2.1 },
  { type: "twitter", followers: 15_300, engagement: 0.8 },
];

/**
 * And every other state of the networks tab: two Facebook pages of one login, conflicting until the demo
 * influencer chooses one (the conflict choice modal), and a blog added by name (never verified). Fixed, not
 * drawn, so the rest of the seed draws the same.
 */
const DEMO_EXTRA_NETWORKS: NetworkDraft[] = [
  demoFacebookPage(SANDBOX_DEMO_ACCOUNTS.facebook[0], 22_400, 610),
  demoFacebookPage(SANDBOX_DEMO_ACCOUNTS.facebook[1], 6_800, 145),
  {
    type: "blog",
    handle: DEMO_ACCOUNTS.influencer.username,
    title: "AlexMorganJournal",
    identifier: "alexmorganjournal",
    link: null,
    followers: 0,
    posts: null,
    reactions: null,
    engagement: null,
    rating: null,
    isVerified: false,
    isConflicting: false,
  },
];

function demoFacebookPage(
  page: { identifier: string; title: string; link: string },
  followers: number,
  reactions: number,
): NetworkDraft {
  const engagement = engagementPercent(followers, reactions);
  return {
    type: "facebook",
    handle: DEMO_ACCOUNTS.influencer.username,
    ...page,
    followers,
    posts: 320,
    reactions,
    engagement,
    rating: ratingOfEngagement(engagement),
    isVerified: true,
    isConflicting: true,
    sandboxDemo: "facebook",
  };
}

/**
 * A demo network of an OAuth type is the sandbox's demo account of that type (the tokens follow at insert); the
 * Instagram one is the Instagram sandbox's hidden demo profile.
 */
function asSandboxDemo(network: NetworkDraft): NetworkDraft {
  if (network.type === "instagram") return { ...network, ...SANDBOX_DEMO_INSTAGRAM };
  if (!(network.type in SANDBOX_DEMO_ACCOUNTS)) return network;
  const type = network.type as SandboxOAuthType;
  const [account] = SANDBOX_DEMO_ACCOUNTS[type];
  return { ...network, ...account, sandboxDemo: type };
}

/** The sandbox demo sample's tokens, sealed; YouTube's and Twitter's expire an hour on, then are renewed. */
function sandboxDemoTokens(ctx: SeedContext, type: SandboxOAuthType | undefined, linkedAt: Date) {
  const seal = ctx.encryptToken;
  if (!type || !seal) return {};
  return {
    accessToken: seal(sandboxToken("access", type, SANDBOX_DEMO_SAMPLE_ID, "seed")),
    refreshToken: type === "facebook" ? null : seal(sandboxToken("refresh", type, SANDBOX_DEMO_SAMPLE_ID, "seed")),
    tokenExpiresAt: new Date(linkedAt.getTime() + HOUR_MS),
  };
}

/** Influencer accounts with profiles, audiences, contacts and 1 to 4 networks of distinct types. */
export async function seedInfluencers(ctx: SeedContext): Promise<SeededInfluencer[]> {
  const rng = ctx.random("influencers");
  const drafts = drawInfluencers(rng);
  markConflicts(rng, drafts);
  holdSandboxConflictAccounts(drafts);

  const seeded = await insertWithIds(ctx.db, users, drafts, (draft) => {
    const createdAt = ctx.clock.ago(draft.createdAgo);
    return {
      kind: "influencer" as const,
      username: draft.username,
      email: draft.email,
      passwordHash: ctx.passwordHash,
      hasSeenOnboarding: draft.isDemo || rng.chance(0.95),
      createdAt,
      updatedAt: createdAt,
      lastLoginAt: ctx.clock.ago(rng.between(0.02, Math.min(30, draft.createdAgo))),
    };
  });

  await insertRows(
    ctx.db,
    influencerProfiles,
    seeded.map((influencer) => ({
      userId: influencer.id,
      ...drawProfile(rng, influencer),
      createdAt: ctx.clock.ago(influencer.createdAgo),
    })),
  );

  await insertRows(
    ctx.db,
    contacts,
    seeded.map((influencer) => ({
      userId: influencer.id,
      firstName: influencer.firstName,
      lastName: influencer.lastName,
      phone: rng.chance(0.6) ? drawPhone(rng) : null,
      birthDay: rng.int(1, 28),
      birthMonth: rng.int(1, 12),
      birthYear: rng.int(1970, 2005),
      ...drawAddress(rng, influencer.country),
      city: influencer.city,
    })),
  );

  const owned = seeded.flatMap((influencer) =>
    influencer.networks.map((network) => ({ ...network, userId: influencer.id, userAgo: influencer.createdAgo })),
  );
  const sizeClasses = assignSizeClasses(owned.map((network) => network.followers));
  const sized = owned.map((network, i) => ({ ...network, sizeClass: sizeClasses[i] }));
  const networkRows = await insertWithIds(ctx.db, networks, sized, (network) => {
    const createdAt = ctx.clock.ago(rng.between(0.5, network.userAgo));
    const { handle: _handle, userAgo: _userAgo, sandboxDemo, ...row } = network;
    // Linked networks were read from their provider when linked; the statistics sweep reads them again later.
    const read = (UNLINKABLE_NETWORKS as readonly NetworkType[]).includes(row.type) ? null : createdAt;
    return {
      ...row,
      ...sandboxDemoTokens(ctx, sandboxDemo, createdAt),
      createdAt,
      updatedAt: createdAt,
      statisticsReadAt: read,
    };
  });

  const networksByUser = groupBy(networkRows, (network) => network.userId);
  return seeded.map((influencer) => ({
    id: influencer.id,
    username: influencer.username,
    email: influencer.email,
    fullName: `${influencer.firstName} ${influencer.lastName}`,
    maybeFake: influencer.maybeFake,
    isDemo: influencer.isDemo,
    networks: (networksByUser.get(influencer.id) ?? []).map((network) => ({
      id: network.id,
      type: network.type,
      handle: network.handle,
      followers: network.followers,
      link: network.link,
      canApply: canApplyWith(network),
    })),
  }));
}

function drawInfluencers(rng: Random): InfluencerDraft[] {
  // Categories dealt round-robin from a shuffled order, so every category has influencers.
  const categoryOrder = rng.shuffle(CATEGORIES);
  const fakes = new Set(rng.sample(range(1, INFLUENCER_COUNT - 1), FAKE_COUNT));
  const usernames = new Set<string>([DEMO_ACCOUNTS.influencer.username]);
  const drafts: InfluencerDraft[] = [demoDraft(rng)];
  for (let i = 1; i < INFLUENCER_COUNT; i++) {
    const person = drawPerson(rng);
    const category =
      i > CATEGORIES.length && rng.chance(UNKNOWN_CATEGORY_SHARE)
        ? null
        : (categoryOrder[i % categoryOrder.length] ?? null);
    const country = drawCountry(rng);
    const username = uniqueUsername(rng, usernames, person.firstName, person.lastName, category);
    const types = drawNetworkTypes(
      rng,
      rng.weighted([
        [1, 30],
        [2, 35],
        [3, 25],
        [4, 10],
      ] as const),
    );
    drafts.push({
      username,
      email: `${username}@seed.test`,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: rng.chance(0.03) ? null : person.gender,
      category,
      country,
      city: rng.pick(country.cities),
      maybeFake: fakes.has(i),
      isDemo: false,
      // A few recent sign-ups so the "newest" sort has something to show.
      createdAgo: rng.chance(0.05) ? rng.between(1, 7) : rng.between(7, 720),
      networks: types.map((type) => drawNetwork(rng, type, username, person.firstName, person.lastName)),
    });
  }
  return drafts;
}

function demoDraft(rng: Random): InfluencerDraft {
  const { username, email } = DEMO_ACCOUNTS.influencer;
  const [firstName, lastName] = ["Alex", "Morgan"];
  return {
    username,
    email,
    firstName,
    lastName,
    gender: "female",
    category: "lifestyle",
    country: countryByCode("us"),
    city: "Austin",
    maybeFake: false,
    isDemo: true,
    createdAgo: 200,
    networks: [
      ...DEMO_NETWORKS.map(({ type, followers, engagement }) => ({
        ...asSandboxDemo(drawNetwork(rng, type, username, firstName, lastName)),
        followers,
        engagement,
        reactions: Math.round((followers * engagement) / 100),
        rating: ratingOfEngagement(engagement),
        isVerified: true,
      })),
      ...DEMO_EXTRA_NETWORKS,
    ],
  };
}

function drawNetwork(rng: Random, type: NetworkType, username: string, first: string, last: string): NetworkDraft {
  const address = networkAddress(rng, type, username);
  const titles: Partial<Record<NetworkType, string>> = {
    facebook: `${first} ${last}`,
    youtube: `${first} ${last}`,
    blog: `${first}'s blog`,
  };
  const isUnlinkable = (UNLINKABLE_NETWORKS as readonly NetworkType[]).includes(type);
  return {
    type,
    handle: username,
    title: titles[type] ?? `@${username}`,
    ...address,
    ...drawStatistics(rng, type),
    // Unlinkable networks are added by name and never verified; most others went through OAuth or the bio code.
    isVerified: !isUnlinkable && rng.chance(VERIFIED_SHARE),
    isConflicting: false,
  };
}

/** Two pairs of influencers who linked the same Instagram account: both sides must choose (spec 4). */
function markConflicts(rng: Random, drafts: InfluencerDraft[]): void {
  const withInstagram = drafts.filter(
    (draft) => !draft.isDemo && draft.networks.some((network) => network.type === "instagram"),
  );
  const [a, b, c, d] = rng.sample(withInstagram, 4);
  for (const [first, second] of [
    [a, b],
    [c, d],
  ]) {
    const original = first?.networks.find((network) => network.type === "instagram");
    const copy = second?.networks.find((network) => network.type === "instagram");
    if (!original || !copy) continue;
    Object.assign(copy, { identifier: original.identifier, link: original.link, title: original.title });
    original.isConflicting = true;
    copy.isConflicting = true;
  }
}

/**
 * One influencer per network type holds the account the network sandbox offers as its conflicting sample, so a
 * newcomer who links it on a fresh machine meets the conflict choice. The first eligible draft, so no draw moves.
 */
function holdSandboxConflictAccounts(drafts: InfluencerDraft[]): void {
  for (const [type, account] of Object.entries(SANDBOX_CONFLICT_ACCOUNTS)) {
    const network = drafts
      .filter((draft) => !draft.isDemo)
      .flatMap((draft) => draft.networks)
      .find((candidate) => candidate.type === type && candidate.isVerified && !candidate.isConflicting);
    if (network) Object.assign(network, account);
  }
}

function drawProfile(rng: Random, influencer: InfluencerDraft) {
  const copy = influencer.category ? CATEGORY_COPY[influencer.category] : CATEGORY_COPY.lifestyle;
  const bio = rng.pick(copy.bios);
  const about = bio.includes("{city}") ? fill(bio, { city: influencer.city }) : `${bio} Based in ${influencer.city}.`;
  const place = { about, category: influencer.category, city: influencer.city, country: influencer.country.code };
  const common = { ...place, gender: influencer.gender, maybeFake: influencer.maybeFake };
  // Some influencers never filled their audience: cards show a dash and panels an unknown label.
  if (!influencer.isDemo && rng.chance(UNKNOWN_AUDIENCE_SHARE)) return common;
  const ageMin = rng.int(13, 30);
  return {
    ...common,
    audienceMales: Math.round(Math.min(97, Math.max(3, copy.males + rng.normal() * 12))),
    audienceAgeMin: ageMin,
    audienceAgeMax: Math.min(65, ageMin + rng.int(6, 25)),
    audienceInterests: [...(influencer.category ? [influencer.category] : []), ...rng.sample(INTERESTS, rng.int(1, 3))],
    audienceCountry: rng.chance(0.75) ? influencer.country.code : rng.pick(["us", "gb", "fr", "br", "in"]),
  };
}

function uniqueUsername(
  rng: Random,
  taken: Set<string>,
  first: string,
  last: string,
  category: Category | null,
): string {
  const handle = rng.pick((category ? CATEGORY_COPY[category] : CATEGORY_COPY.lifestyle).handles);
  const [firstName, lastName] = [first.toLowerCase(), last.toLowerCase()];
  let username = rng.weighted([
    [`${firstName}_${handle}`, 4],
    [`${firstName}${handle}`, 2],
    [`${firstName}_${lastName}`, 2],
    [`the${firstName}${handle}`, 1],
  ] as const);
  while (taken.has(username)) username = `${username.replace(/\d+$/, "")}${rng.int(2, 99)}`;
  taken.add(username);
  return username;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
