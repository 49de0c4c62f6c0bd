import type { FlagDecision, FlagDetailView } from "@market/contracts";
import { type Db, eq, influencerFlags, users } from "@market/db";
import { fail } from "../../../errors";
import { appealFilesOf } from "../../influencers/flags/appeal-files";
import { flagQueueRow, selectFlags } from "./flag-rows";

/** `admin.console.flags.get`: a flag with its appeal (text, files) and decision, for the console's appeal panel. */
export async function getFlag(deps: { db: Db }, flagId: number): Promise<FlagDetailView> {
  const [row] = await selectFlags(deps.db, influencerFlags.flaggedAt).where(eq(influencerFlags.id, flagId)).limit(1);
  if (!row) fail("not_found");
  const { flag } = row;
  const appeal =
    flag.appealText !== null && flag.appealedAt !== null
      ? { text: flag.appealText, at: flag.appealedAt.toISOString(), files: await appealFilesOf(deps.db, flag.id) }
      : null;
  let decision: FlagDetailView["decision"] = null;
  if (flag.decision !== null && flag.decidedAt !== null) {
    const [by] =
      flag.decidedBy === null
        ? []
        : await deps.db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(eq(users.id, flag.decidedBy));
    decision = {
      decision: flag.decision as FlagDecision,
      reason: flag.decisionReason ?? "",
      at: flag.decidedAt.toISOString(),
      by: by ?? null,
    };
  }
  return { ...flagQueueRow(row), standing: flag.liftedAt === null, appeal, decision };
}
