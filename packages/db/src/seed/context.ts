import type { Db } from "../client";
import type { SeedClock } from "./clock";
import { Random } from "./random";

/** Fixed so that every run seeds the same marketplace. */
const SEED = 20_240_601;

/** What every seeding stage gets: the database (inside the seeding transaction), dates, randomness. */
export interface SeedContext {
  db: Db;
  clock: SeedClock;
  /** The demo password hashed once and reused by every seeded account (argon2 per user would take ~20 s). */
  passwordHash: string;
  random(stage: string): Random;
  /** Seals a network token as the API stores it (its token cipher); without it seeded networks hold no token. */
  encryptToken?: (token: string) => string;
}

export function createSeedContext(
  db: Db,
  clock: SeedClock,
  passwordHash: string,
  encryptToken?: (token: string) => string,
): SeedContext {
  const root = new Random(SEED);
  return { db, clock, passwordHash, random: (stage) => root.fork(stage), ...(encryptToken ? { encryptToken } : {}) };
}

/** A lowercase slug for usernames, URLs and e-mail addresses. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "");

/** Fills {placeholders} of a template. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
