import {
  type AccountKind,
  brandContactInput,
  brandNotificationsInput,
  brandProfileInput,
  influencerContactInput,
  influencerNotificationsInput,
  influencerProfileInput,
  type NotificationKey,
  type SaveSettingsInput,
} from "@market/contracts";
import {
  brandProfiles,
  contacts,
  type Db,
  notificationPreferences,
  refreshInfluencerSearchColumns,
  sql,
  writeInfluencerProfile,
} from "@market/db";
import { z } from "zod";
import type { Clock } from "../../clock";
import { fail, schemaIssues } from "../../errors";

/**
 * The schema of each settings field per kind. Strict: a key of the other kind (a brand sending an influencer's
 * category or birth date) is refused rather than silently dropped.
 */
const SCHEMAS = {
  brand: {
    profile: brandProfileInput.strict(),
    contact: brandContactInput.strict(),
    notifications: brandNotificationsInput.strict(),
  },
  influencer: {
    profile: influencerProfileInput.strict(),
    contact: influencerContactInput.strict(),
    notifications: influencerNotificationsInput.strict(),
  },
} as const;

/**
 * The data checked against the field's schema. Bad data is `invalid` with issues under `data`, where they are in
 * the request body (parsed wrapped, so the paths start there).
 */
function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = z.object({ data: schema as z.ZodType<z.output<T>> }).safeParse({ data });
  if (!result.success) fail("invalid", "invalid", schemaIssues(result.error));
  return result.data.data as z.output<T>;
}

/** "" and absent both mean "not given": the column is cleared. */
const orNull = (value: string | undefined) => (value ? value : null);

/**
 * Saves one field of the settings (spec section 7, POST /api/settings) after checking its data against the
 * caller's kind. Each save replaces the whole section. Username and email are never changed here.
 */
export async function saveSettings(
  db: Db,
  clock: Clock,
  viewer: { userId: number; kind: AccountKind },
  input: SaveSettingsInput,
): Promise<void> {
  const { userId, kind } = viewer;
  const now = clock.now();
  switch (input.field) {
    case "profile":
      if (kind === "brand") {
        const data = parse(SCHEMAS.brand.profile, input.data);
        await db
          .insert(brandProfiles)
          .values({ userId, ...data, updatedAt: now })
          .onConflictDoUpdate({ target: brandProfiles.userId, set: { ...data, updatedAt: now } });
      } else {
        const data = parse(SCHEMAS.influencer.profile, input.data);
        const values = {
          about: data.about,
          category: data.category,
          city: orNull(data.city),
          country: data.country,
          audienceMales: data.audience.males,
          audienceAgeMin: data.audience.ages[0],
          audienceAgeMax: data.audience.ages[1],
          audienceInterests: [...new Set(data.audience.interests)],
          audienceCountry: data.audience.country,
          updatedAt: now,
        };
        // City and country feed the search text: recomputed with the write, never seen stale.
        await db.transaction(async (tx) => {
          await writeInfluencerProfile(tx, userId, values);
          await refreshInfluencerSearchColumns(tx, [userId]);
        });
      }
      return;
    case "contact": {
      const common = (data: z.output<typeof SCHEMAS.brand.contact | typeof SCHEMAS.influencer.contact>) => ({
        firstName: orNull(data.firstName),
        lastName: orNull(data.lastName),
        phone: orNull(data.phone),
        address: orNull(data.address),
        address2: orNull(data.address2),
        city: orNull(data.city),
        state: orNull(data.state),
        zipcode: orNull(data.zipcode),
        country: orNull(data.country),
        updatedAt: now,
      });
      let values: Partial<typeof contacts.$inferInsert>;
      if (kind === "brand") {
        const data = parse(SCHEMAS.brand.contact, input.data);
        values = { ...common(data), website: orNull(data.website) };
      } else {
        const data = parse(SCHEMAS.influencer.contact, input.data);
        values = {
          ...common(data),
          birthDay: data.birthDay ?? null,
          birthMonth: data.birthMonth ?? null,
          birthYear: data.birthYear ?? null,
        };
      }
      await db
        .insert(contacts)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: contacts.userId, set: values });
      return;
    }
    case "notifications": {
      const data =
        kind === "brand"
          ? parse(SCHEMAS.brand.notifications, input.data)
          : parse(SCHEMAS.influencer.notifications, input.data);
      const rows = Object.entries(data).map(([key, enabled]) => ({ userId, key: key as NotificationKey, enabled }));
      await db
        .insert(notificationPreferences)
        .values(rows)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.key],
          set: { enabled: sql`excluded.enabled` },
        });
      return;
    }
  }
}
