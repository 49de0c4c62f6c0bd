import type { AppealFileView } from "@market/contracts";
import { asc, type Db, eq, files, influencerFlagFiles } from "@market/db";

/** The files of a flag's appeal, oldest first, as the account page and the console list them. */
export async function appealFilesOf(db: Db, flagId: number): Promise<AppealFileView[]> {
  const rows = await db
    .select({ id: files.id, name: files.originalName, type: files.contentType, sizeBytes: files.sizeBytes })
    .from(influencerFlagFiles)
    .innerJoin(files, eq(files.id, influencerFlagFiles.fileId))
    .where(eq(influencerFlagFiles.flagId, flagId))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map((row) => ({ ...row, url: `/files/${row.id}` }));
}
