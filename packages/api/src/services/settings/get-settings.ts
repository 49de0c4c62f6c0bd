import {
  type AccountKind,
  BRAND_NOTIFICATION_KEYS,
  type Category,
  INFLUENCER_NOTIFICATION_KEYS,
  type NotificationKey,
} from "@market/contracts";
import {
  brandProfiles,
  contacts,
  type Db,
  eq,
  influencerProfiles,
  notificationPreferences,
  type Placeholders,
  preparedQuery,
  sql,
  users,
} from "@market/db";
import { fail } from "../../errors";
import { pictureUrl } from "../files/picture-url";

/** The address and phone fields both kinds share (spec section 3, Contact); "" when not given. */
export interface CommonContact {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export interface BrandSettings {
  kind: "brand";
  user: { username: string; email: string; picture: string | null };
  profile: { brandName: string; about: string };
  contact: CommonContact & { website: string };
  notifications: Record<(typeof BRAND_NOTIFICATION_KEYS)[number], boolean>;
}

export interface InfluencerSettings {
  kind: "influencer";
  user: { username: string; email: string; picture: string | null };
  profile: {
    about: string;
    category: Category | null;
    city: string;
    country: string | null;
    /** males and ages are null until the influencer tells them (onboarding or this form). */
    audience: { males: number | null; ages: [number, number] | null; interests: string[]; country: string | null };
  };
  contact: CommonContact & { birthDay: number | null; birthMonth: number | null; birthYear: number | null };
  notifications: Record<(typeof INFLUENCER_NOTIFICATION_KEYS)[number], boolean>;
}

export type Settings = BrandSettings | InfluencerSettings;

export const notificationKeysOf = (kind: AccountKind): readonly NotificationKey[] =>
  kind === "brand" ? BRAND_NOTIFICATION_KEYS : INFLUENCER_NOTIFICATION_KEYS;

/** The user with their contact, profile and stored preferences (key: enabled), in one statement. */
const accountOf = preparedQuery("settings_account", (db, values: Placeholders<{ userId: number }>) =>
  db
    .select({
      // What the settings show: not the password's hash, nor the profile's search columns.
      user: { kind: users.kind, username: users.username, email: users.email, picture: users.picture },
      contact: contacts,
      brand: { brandName: brandProfiles.brandName, about: brandProfiles.about },
      influencer: {
        about: influencerProfiles.about,
        category: influencerProfiles.category,
        city: influencerProfiles.city,
        country: influencerProfiles.country,
        audienceMales: influencerProfiles.audienceMales,
        audienceAgeMin: influencerProfiles.audienceAgeMin,
        audienceAgeMax: influencerProfiles.audienceAgeMax,
        audienceInterests: influencerProfiles.audienceInterests,
        audienceCountry: influencerProfiles.audienceCountry,
      },
      preferences: sql<Record<string, boolean>>`(select coalesce(json_object_agg(${notificationPreferences.key},
        ${notificationPreferences.enabled}), '{}'::json) from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(influencerProfiles, eq(influencerProfiles.userId, users.id))
    .where(eq(users.id, values.userId))
    .limit(1),
);

/** The account settings of one user (spec section 3: user, profile, contact, notification preferences). */
export async function getSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await accountOf(db, { userId });
  if (!row) fail("not_found");
  const stored = new Map(Object.entries(row.preferences));
  // A key without a row has its default: enabled.
  const notificationsOf = <K extends NotificationKey>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? true])) as Record<K, boolean>;

  const { user, contact } = row;
  const common: CommonContact = {
    firstName: contact?.firstName ?? "",
    lastName: contact?.lastName ?? "",
    phone: contact?.phone ?? "",
    address: contact?.address ?? "",
    address2: contact?.address2 ?? "",
    city: contact?.city ?? "",
    state: contact?.state ?? "",
    zipcode: contact?.zipcode ?? "",
    country: contact?.country ?? "",
  };
  const account = { username: user.username, email: user.email, picture: pictureUrl(user.picture) };

  if (user.kind === "brand") {
    return {
      kind: "brand",
      user: account,
      profile: { brandName: row.brand?.brandName ?? "", about: row.brand?.about ?? "" },
      // Object.assign, not `{ ...common, website }` (docs/performance.md, "Spread first").
      contact: Object.assign(common, { website: contact?.website ?? "" }),
      notifications: notificationsOf(BRAND_NOTIFICATION_KEYS),
    };
  }
  const profile = row.influencer;
  const ages: [number, number] | null =
    profile?.audienceAgeMin != null && profile.audienceAgeMax != null
      ? [profile.audienceAgeMin, profile.audienceAgeMax]
      : null;
  return {
    kind: "influencer",
    user: account,
    profile: {
      about: profile?.about ?? "",
      category: profile?.category ?? null,
      city: profile?.city ?? "",
      country: profile?.country ?? null,
      audience: {
        males: profile?.audienceMales ?? null,
        ages,
        interests: profile?.audienceInterests ?? [],
        country: profile?.audienceCountry ?? null,
      },
    },
    contact: Object.assign(common, {
      birthDay: contact?.birthDay ?? null,
      birthMonth: contact?.birthMonth ?? null,
      birthYear: contact?.birthYear ?? null,
    }),
    notifications: notificationsOf(INFLUENCER_NOTIFICATION_KEYS),
  };
}
