import { z } from "zod";
import { category } from "../enum-schemas";
import { BRAND_NOTIFICATION_KEYS, INFLUENCER_NOTIFICATION_KEYS } from "../enums";
import { answerSchemas } from "./registry";

/** Each notification key of the kind: whether its mails are wanted. */
const preferences = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>);

const user = z.object({ username: z.string(), email: z.string(), picture: z.string().nullable() });

/** The address fields both kinds share; "" when not given. */
const contact = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
});

/** GET and POST /api/settings: the caller's settings, one shape per kind (Settings). */
export const settingsAnswer = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("brand"),
      user,
      profile: z.object({ brandName: z.string(), about: z.string() }),
      contact: contact.extend({ website: z.string() }),
      notifications: preferences(BRAND_NOTIFICATION_KEYS),
    }),
    z.object({
      kind: z.literal("influencer"),
      user,
      profile: z.object({
        about: z.string(),
        category: category.nullable(),
        city: z.string(),
        country: z.string().nullable(),
        // males and ages are null until the influencer tells them; ages is [min, max].
        audience: z.object({
          males: z.number().nullable(),
          ages: z.array(z.number().int()).length(2).nullable(),
          interests: z.array(z.string()),
          country: z.string().nullable(),
        }),
      }),
      contact: contact.extend({
        birthDay: z.number().int().nullable(),
        birthMonth: z.number().int().nullable(),
        birthYear: z.number().int().nullable(),
      }),
      notifications: preferences(INFLUENCER_NOTIFICATION_KEYS),
    }),
  ])
  .register(answerSchemas, { id: "Settings" });
