import type { Category, Gender, NetworkType } from "@market/contracts";
import {
  brandProfiles,
  type Db,
  influencerProfiles,
  networks,
  refreshInfluencerSearchColumns,
  users,
} from "@market/db";

let sequence = 0;
const next = () => ++sequence;

/** A password hash no password matches; fixtures that log in set their own. */
const UNUSABLE_HASH = "fixture:no-login";

export async function createBrand(db: Db, overrides: { username?: string; brandName?: string } = {}) {
  const n = next();
  const username = overrides.username ?? `brand${n}`;
  const [user] = await db
    .insert(users)
    .values({ kind: "brand", username, email: `${username}@test.example`, passwordHash: UNUSABLE_HASH })
    .returning();
  if (!user) throw new Error("brand not inserted");
  await db.insert(brandProfiles).values({ userId: user.id, brandName: overrides.brandName ?? `Brand ${n}` });
  return user;
}

export interface InfluencerFixture {
  username?: string;
  createdAt?: Date;
  category?: Category | null;
  city?: string | null;
  country?: string | null;
  gender?: Gender | null;
  audience?: { males: number; ages: [number, number] } | null;
  networks?: {
    type: NetworkType;
    followers: number;
    engagement?: number | null;
    rating?: number | null;
    /** The network's audience-quality score as if computed from a history (none written). */
    audienceQuality?: number | null;
  }[];
}

/** An influencer with a profile and networks, its search columns computed as services keep them. */
export async function createInfluencer(db: Db, fixture: InfluencerFixture = {}) {
  const n = next();
  const username = fixture.username ?? `influencer${n}`;
  const [user] = await db
    .insert(users)
    .values({
      kind: "influencer",
      username,
      email: `${username}@test.example`,
      passwordHash: UNUSABLE_HASH,
      ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
    })
    .returning();
  if (!user) throw new Error("influencer not inserted");
  const audience = fixture.audience === undefined ? { males: 50, ages: [18, 30] as const } : fixture.audience;
  await db.insert(influencerProfiles).values({
    userId: user.id,
    category: fixture.category === undefined ? "beauty" : fixture.category,
    city: fixture.city === undefined ? "Lyon" : fixture.city,
    country: fixture.country === undefined ? "fr" : fixture.country,
    gender: fixture.gender === undefined ? "female" : fixture.gender,
    audienceMales: audience?.males ?? null,
    audienceAgeMin: audience?.ages[0] ?? null,
    audienceAgeMax: audience?.ages[1] ?? null,
    ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
  });
  const list = fixture.networks ?? [{ type: "instagram", followers: 10_000, engagement: 2.5, rating: 4 }];
  if (list.length > 0) {
    await db.insert(networks).values(
      list.map((network, index) => ({
        userId: user.id,
        type: network.type,
        title: `${username} on ${network.type}`,
        identifier: `${username}-${network.type}-${index}`,
        followers: network.followers,
        engagement: network.engagement ?? null,
        rating: network.rating ?? null,
        audienceQuality: network.audienceQuality ?? null,
        isVerified: true,
      })),
    );
  }
  await refreshInfluencerSearchColumns(db, [user.id]);
  return user;
}
