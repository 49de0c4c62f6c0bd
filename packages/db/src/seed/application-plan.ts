import type { UsageRights } from "@market/contracts";
import { drawTimeline, type Story, type StoryWindow, type Timeline } from "./application-stories";
import type { SeededDeal } from "./deals";
import type { SeededInfluencer } from "./influencers";
import type { Random } from "./random";

/** Extras a story may be forced to show, so the demo accounts see every kind of chat message. */
export interface StoryExtras {
  negotiation?: boolean;
  file?: boolean;
  /** true: feedback whenever it is allowed; false: never; absent: drawn. */
  feedback?: boolean;
  /** The influencer's review of the brand (issue 40): true: whenever allowed; false: never; absent: drawn. */
  review?: boolean;
  /** The usage rights every line of the proposal grants (issue 37); absent: organic, as most proposals are. */
  usageRights?: UsageRights;
}

export interface PlannedApplication {
  deal: SeededDeal;
  influencer: SeededInfluencer;
  story: Story;
  timeline: Timeline;
  extras: StoryExtras;
}

type Weights = readonly (readonly [Story, number])[];

const OPEN_STORIES: Weights = [
  ["waiting", 40],
  ["waiting_expiring", 8],
  ["progress_paid", 7],
  ["progress_done", 6],
  ["progress_contested", 3],
  ["progress_resumed", 2],
  ["complete_manual", 8],
  ["complete_auto", 5],
  ["denied", 15],
  ["denied_expired", 8],
  ["refunded", 2],
];
/** A closed deal takes no new proposals, so nothing is still waiting on it. */
const CLOSED_STORIES: Weights = [
  ["progress_paid", 6],
  ["progress_done", 6],
  ["progress_contested", 3],
  ["progress_resumed", 2],
  ["complete_manual", 30],
  ["complete_auto", 15],
  ["denied", 25],
  ["denied_expired", 15],
  ["refunded", 3],
];

/** Applicants per deal, by status, when the deal has some. */
const APPLICANTS = {
  new: [1, 3],
  open: [2, 7],
  paused: [2, 5],
  closed: [2, 7],
} as const;

const DEMO_LICENCE: UsageRights = { kind: "licensed", months: 6, territory: "worldwide" };
const DEMO_WHITELISTING: UsageRights = { kind: "whitelisting", months: 3 };

/**
 * The demo influencer's proposals: one per story, with the demo brand on several, so both demo
 * accounts see each state, and the chat of each message type. `released` bounds when the money was
 * released (days ago): over 7 days allows feedback (spec 9), until the reviews' window closes at 21 (issue 40).
 */
const DEMO_STORIES: readonly {
  story: Story;
  demoBrand: boolean;
  extras?: StoryExtras;
  released?: [number, number];
}[] = [
  { story: "waiting_expiring", demoBrand: true, extras: { file: true } },
  { story: "waiting", demoBrand: false, extras: { negotiation: true } },
  { story: "waiting", demoBrand: true },
  { story: "progress_paid", demoBrand: false },
  // The demo brand's hires show usage rights beyond organic: a licence (worldwide, 6 months) and whitelisting.
  { story: "progress_done", demoBrand: true, extras: { file: true, usageRights: DEMO_LICENCE } },
  { story: "progress_contested", demoBrand: false },
  { story: "progress_contested", demoBrand: true },
  { story: "progress_resumed", demoBrand: false },
  { story: "refunded", demoBrand: true },
  // Reviews both ways (issue 40: `review`, drawn from the seed's own stream, so the plan stays as it was).
  {
    story: "complete_manual",
    demoBrand: true,
    extras: { feedback: true, review: true, usageRights: DEMO_WHITELISTING },
    released: [8, 45],
  },
  // Released over a week ago without feedback: the demo brand's Leave feedback button; the influencer's review
  // written and waiting for it.
  { story: "complete_auto", demoBrand: true, extras: { feedback: false, review: true }, released: [8, 45] },
  // Released days ago: the demo influencer's Review the brand button.
  { story: "complete_manual", demoBrand: false, extras: { review: false }, released: [0, 5] },
  { story: "denied", demoBrand: false },
  { story: "denied_expired", demoBrand: false },
];

const ATTEMPTS_PER_STORY = 8;

export function planApplications(
  rng: Random,
  deals: readonly SeededDeal[],
  influencers: readonly SeededInfluencer[],
): PlannedApplication[] {
  const planned: PlannedApplication[] = [];
  const applied = new Set<string>();
  const add = (application: PlannedApplication) => {
    planned.push(application);
    applied.add(`${application.deal.id}:${application.influencer.id}`);
  };

  const demo = influencers.find((influencer) => influencer.isDemo);
  if (!demo) throw new Error("demo influencer missing");
  for (const wanted of DEMO_STORIES) {
    const candidates = rng.shuffle(
      deals.filter(
        (deal) =>
          deal.brand.isDemo === wanted.demoBrand &&
          deal.applicants === "some" &&
          canApply(demo, deal) &&
          !applied.has(`${deal.id}:${demo.id}`) &&
          storiesFor(deal).some(([story]) => story === wanted.story),
      ),
    );
    const found = firstTimeline(rng, candidates, wanted.story, (timeline) => {
      if (!wanted.released) return true;
      const released = timeline.releasedAgo ?? -1;
      return released >= wanted.released[0] && released <= wanted.released[1];
    });
    if (!found) throw new Error(`no deal fits the demo story ${wanted.story}`);
    add({ ...found, influencer: demo, story: wanted.story, extras: wanted.extras ?? {} });
  }

  const others = influencers.filter((influencer) => !influencer.isDemo);
  for (const deal of deals) {
    if (deal.applicants === "none") continue;
    const [min, max] = deal.isNew ? APPLICANTS.new : APPLICANTS[deal.status];
    const pool = others.filter(
      (influencer) => canApply(influencer, deal) && !applied.has(`${deal.id}:${influencer.id}`),
    );
    for (const influencer of rng.sample(pool, rng.int(min, max))) {
      const drawn = drawStory(rng, deal);
      if (drawn) add({ deal, influencer, ...drawn, extras: {} });
    }
  }
  return planned;
}

/** Spec 6: influencers apply only with verified, non-conflicting networks the deal asks for. */
export function canApply(influencer: SeededInfluencer, deal: SeededDeal): boolean {
  return influencer.networks.some((network) => network.canApply && deal.networks.includes(network.type));
}

function storiesFor(deal: SeededDeal): Weights {
  if (deal.isNew) return [["waiting", 1]];
  return deal.status === "closed" ? CLOSED_STORIES : OPEN_STORIES;
}

/** A story for the deal; a deal too young for the drawn story gets a shorter one. */
function drawStory(rng: Random, deal: SeededDeal): { story: Story; timeline: Timeline } | null {
  const drawn = rng.weighted(storiesFor(deal));
  const fallback: Story = deal.status === "closed" ? "denied" : "waiting";
  const chain: Story[] =
    drawn.startsWith("complete") || drawn.startsWith("progress") || drawn === "refunded"
      ? [drawn, "progress_paid"]
      : [drawn];
  for (const story of [...chain, fallback]) {
    const found = firstTimeline(rng, [deal], story, () => true);
    if (found) return { story, timeline: found.timeline };
  }
  return null;
}

function firstTimeline(
  rng: Random,
  deals: readonly SeededDeal[],
  story: Story,
  accept: (timeline: Timeline) => boolean,
): { deal: SeededDeal; timeline: Timeline } | null {
  for (const deal of deals) {
    const window: StoryWindow = { dealAgo: deal.createdAgo, applyByAgo: deal.applyByAgo };
    for (let attempt = 0; attempt < ATTEMPTS_PER_STORY; attempt++) {
      const timeline = drawTimeline(rng, story, window);
      if (timeline && accept(timeline)) return { deal, timeline };
    }
  }
  return null;
}
