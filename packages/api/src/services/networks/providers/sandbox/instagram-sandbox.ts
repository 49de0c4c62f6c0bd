import { type Db, inArray, sandboxBios, sql } from "@market/db";
import type { Clock } from "../../../../clock";
import type { BioProfileReader } from "../ports";
import { SANDBOX_INSTAGRAM_PROFILES, type SandboxProfile } from "./catalogue";

/**
 * The built-in Instagram reader used when INSTAGRAM_* is not configured: the catalogue's sample profiles, whose
 * bios the sandbox page (/auth/sandbox/instagram) sets. Bios are rows of sandbox_bios, so a bio saved through one
 * instance is what another reads when the user verifies.
 */
export interface SandboxBioReader extends BioProfileReader {
  readonly sandbox: true;
}

/** Instagram's own limit on a bio. */
export const SANDBOX_BIO_MAX_LENGTH = 150;

/** The sample of a username as a user types it (any case, with or without the @). */
export function sandboxProfileOf(username: string): SandboxProfile | null {
  const wanted = username.trim().replace(/^@/, "").toLowerCase();
  return SANDBOX_INSTAGRAM_PROFILES.find((profile) => profile.username === wanted) ?? null;
}

export function sandboxBioReader(db: Db): SandboxBioReader {
  return {
    sandbox: true,
    async readProfile(username) {
      const profile = sandboxProfileOf(username);
      if (!profile) return null;
      const [row] = await db
        .select({ bio: sandboxBios.bio })
        .from(sandboxBios)
        .where(inArray(sandboxBios.username, [profile.username]));
      return { bio: row?.bio ?? "", account: { ...profile.account } };
    },
  };
}

/** The samples a user may try, in catalogue order: not the demo influencer's hidden account. */
const LISTED_PROFILES = SANDBOX_INSTAGRAM_PROFILES.filter((profile) => !profile.hidden);

/** Every listed sample profile with its current bio (the sandbox page). */
export async function readSandboxProfiles(db: Db): Promise<{ profile: SandboxProfile; bio: string }[]> {
  const rows = await db
    .select({ username: sandboxBios.username, bio: sandboxBios.bio })
    .from(sandboxBios)
    .where(
      inArray(
        sandboxBios.username,
        LISTED_PROFILES.map((profile) => profile.username),
      ),
    );
  const bios = new Map(rows.map((row) => [row.username, row.bio]));
  return LISTED_PROFILES.map((profile) => ({ profile, bio: bios.get(profile.username) ?? "" }));
}

export type SetSandboxBioResult =
  | { ok: true; username: string }
  | { ok: false; problem: "unknown_profile" | "too_long" };

/** Saves a sample profile's bio (last write wins, like editing a real profile). */
export async function setSandboxBio(db: Db, clock: Clock, username: string, bio: string): Promise<SetSandboxBioResult> {
  const profile = sandboxProfileOf(username);
  // The hidden demo account keeps its empty bio: nobody can verify it as their own.
  if (!profile || profile.hidden) return { ok: false, problem: "unknown_profile" };
  // Line breaks as a browser's textarea sends them (CRLF) count once, as Instagram counts them.
  const text = bio.replace(/\r\n/g, "\n").trim();
  if ([...text].length > SANDBOX_BIO_MAX_LENGTH) return { ok: false, problem: "too_long" };
  const now = clock.now();
  await db
    .insert(sandboxBios)
    .values({ username: profile.username, bio: text, updatedAt: now })
    .onConflictDoUpdate({ target: sandboxBios.username, set: { bio: sql`excluded.bio`, updatedAt: now } });
  return { ok: true, username: profile.username };
}
