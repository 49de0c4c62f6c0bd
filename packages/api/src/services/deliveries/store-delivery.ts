import { hiredNetworkIssues, type NetworkType, type WorkDone } from "@market/contracts";
import {
  type Application,
  and,
  applicationPrices,
  chatMessages,
  contestedPosts,
  deliveredPosts,
  deliveries,
  deliveryFiles,
  desc,
  eq,
  files,
  inArray,
  type NewDeliveredPost,
  sql,
  type Tx,
} from "@market/db";
import { fail, failField } from "../../errors";
import { NO_POST_ID_REASON, UNVERIFIABLE_REASONS } from "./verifiers/ports";

/**
 * The delivery's writes in the work-done transaction (issue 37), under the application's row lock: the links are
 * exactly the hired networks (else `invalid` with field paths, and the transaction rolls back: nothing changes), the
 * files are chat files of this application (else `invalid` on `files.{i}`: another chat's file is not disclosed),
 * then a new delivery row (the earlier ones stay: the history), its posts, its files, and prices[].link replaced.
 * A post whose network has no API, or whose URL names no post, is stored unverifiable at once; the others pending,
 * checked after the commit (check-posts.ts), never here: a slow API must not hold the row lock.
 */
export async function storeDelivery(
  tx: Tx,
  application: Application,
  actor: { userId: number; impersonatorId: number | null },
  input: Pick<WorkDone, "deliverables" | "files" | "note">,
  now: Date,
): Promise<{ deliveryId: number }> {
  const hired = await tx
    .select({ networkType: applicationPrices.networkType, networkId: applicationPrices.networkId })
    .from(applicationPrices)
    .where(and(eq(applicationPrices.applicationId, application.id), eq(applicationPrices.hired, true)));
  const issues = hiredNetworkIssues(
    hired.map((price) => price.networkType),
    input.deliverables,
  );
  if (issues.length > 0) fail("invalid", issues[0]?.message, issues);

  if (input.files.length > 0) {
    // Over chat_messages_file_id_idx: the files among those ids that this application's chat carries.
    const own = await tx
      .select({ id: files.id })
      .from(chatMessages)
      .innerJoin(files, eq(files.id, chatMessages.fileId))
      .where(and(eq(chatMessages.applicationId, application.id), inArray(chatMessages.fileId, input.files)));
    const ownIds = new Set(own.map((file) => file.id));
    const stranger = input.files.findIndex((id) => !ownIds.has(id));
    if (stranger >= 0) failField(["files", stranger], "This file is not one of this chat's files.");
  }

  const [delivery] = await tx
    .insert(deliveries)
    .values({
      applicationId: application.id,
      userId: actor.userId,
      impersonatorId: actor.impersonatorId,
      note: input.note,
      deliveredAt: now,
    })
    .returning({ id: deliveries.id });
  if (!delivery) throw new Error("delivery not stored");

  const networkIdOf = new Map(hired.map((price) => [price.networkType, price.networkId]));
  await tx.insert(deliveredPosts).values(
    input.deliverables.map((line): NewDeliveredPost => {
      const reason = unverifiableReason(line.network, line.postId);
      return {
        deliveryId: delivery.id,
        networkType: line.network,
        networkId: networkIdOf.get(line.network) ?? null,
        url: line.url,
        postId: line.postId,
        ...(reason
          ? { checkState: "unverifiable", checkReason: reason, checkedAt: now }
          : { checkState: "pending", checkDueAt: now }),
      };
    }),
  );
  if (input.files.length > 0) {
    await tx
      .insert(deliveryFiles)
      .values(input.files.map((fileId, position) => ({ deliveryId: delivery.id, fileId, position })));
  }
  // prices[].link (the spec's): the current delivery's link per hired network, in one statement.
  const links = input.deliverables.map((line) => sql`(${line.network}, ${line.url})`);
  await tx.execute(sql`update ${applicationPrices} set link = delivered.url
    from (values ${sql.join(links, sql`, `)}) as delivered(network, url)
    where ${applicationPrices.applicationId} = ${application.id} and ${applicationPrices.networkType} = delivered.network`);
  return { deliveryId: delivery.id };
}

/** Why a post is unverifiable before any call: its network has no API, or its URL carries no post id. */
function unverifiableReason(network: NetworkType, postId: string | null): string | null {
  if (network in UNVERIFIABLE_REASONS) return UNVERIFIABLE_REASONS[network as keyof typeof UNVERIFIABLE_REASONS];
  return postId === null ? NO_POST_ID_REASON : null;
}

/**
 * The brand's contest names posts of the current delivery (work not done, issue 37): the contest is tied to the
 * newest delivery and the named networks' posts are recorded. A network without a post in it is `invalid` on
 * `networks.{i}`. Before any delivery with links (a hire marked done before issue 37), naming posts is refused.
 */
export async function recordContest(
  tx: Tx,
  applicationId: number,
  requestId: number,
  networks: readonly NetworkType[],
): Promise<void> {
  const [current] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.applicationId, applicationId))
    .orderBy(desc(deliveries.id))
    .limit(1);
  if (!current) {
    if (networks.length > 0) failField(["networks"], "There is no delivered post to name.");
    return;
  }
  await tx.update(deliveries).set({ contestRequestId: requestId }).where(eq(deliveries.id, current.id));
  if (networks.length === 0) return;
  const posts = await tx
    .select({ id: deliveredPosts.id, network: deliveredPosts.networkType })
    .from(deliveredPosts)
    .where(eq(deliveredPosts.deliveryId, current.id));
  const named = networks.map((network) => posts.find((post) => post.network === network));
  const missing = named.findIndex((post) => !post);
  if (missing >= 0) failField(["networks", missing], "This network has no post in the delivery.");
  await tx
    .insert(contestedPosts)
    .values(named.flatMap((post) => (post ? [{ arbitrationRequestId: requestId, deliveredPostId: post.id }] : [])));
}
