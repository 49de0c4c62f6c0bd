import type { NotificationSeenResult, NotificationsSeenInput, SeeApplicationInput } from "@market/contracts";
import {
  applications,
  type Db,
  notifications,
  type Placeholders,
  preparedQuery,
  rawStatement,
  rowsOf,
  type SQLWrapper,
  sql,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { applicationOfParty } from "../applications/parties";
import type { UserReadsCache } from "../user-reads-cache";
import { NOTIFICATIONS_SEEN_CHANNEL } from "./channels";
import { mayMarkSeen } from "./may-mark-seen";
import { unreadCount } from "./read";

type Deps = { db: Db; clock: Clock; userReads?: UserReadsCache | undefined };

/**
 * Marks the caller's own notifications of these ids seen (others' ids and ones seen already are left alone).
 * An admin acting as the user changes nothing (spec section 6) and is told so by `marked: 0`.
 */
export async function notificationsSeen(
  deps: Deps,
  viewer: Viewer,
  input: NotificationsSeenInput,
): Promise<NotificationSeenResult> {
  if (!mayMarkSeen(viewer)) return { marked: 0, unread: await unreadCount(deps.db, viewer.userId) };
  const [row] = rowsOf<MarkRow>(
    await markIdsSeen(deps.db, { userId: viewer.userId, ids: input.ids, now: deps.clock.now() }),
  );
  return afterMark(deps, viewer, row ?? { marked: 0, unread: 0 });
}

/**
 * Marks the caller's unseen notifications about one application seen: its page is open and visible, so what they
 * tell is on screen. Only the application's two parties may ask (anyone else: not_found, as for an unknown id);
 * an admin acting as one of them changes nothing, as above.
 */
export async function seeApplication(
  deps: Deps,
  viewer: Viewer,
  input: SeeApplicationInput,
): Promise<NotificationSeenResult> {
  if (!mayMarkSeen(viewer)) {
    await applicationOfParty(deps.db, viewer, input.applicationId);
    return { marked: 0, unread: await unreadCount(deps.db, viewer.userId) };
  }
  const [row] = rowsOf<MarkRow & { party: number }>(
    await markApplicationSeen(deps.db, {
      userId: viewer.userId,
      applicationId: input.applicationId,
      now: deps.clock.now(),
    }),
  );
  if (!row?.party) fail("not_found");
  return afterMark(deps, viewer, row);
}

/** What a mark's statement answers: how many it marked, and the user's unseen notifications left. */
type MarkRow = { marked: number; unread: number };

/**
 * After a mark, committed: the user's kept reads forgotten before the answer, whichever transport asked (the
 * socket's frames are no procedure): the user's lists count unseen notifications, and the NOTIFY that forgets them
 * may come after their next read here.
 */
function afterMark(deps: Deps, viewer: Viewer, { marked, unread }: MarkRow): NotificationSeenResult {
  if (marked > 0) deps.userReads?.forgetUsers([viewer.userId]);
  return { marked, unread };
}

/**
 * A seen mark is one statement, its own transaction, one round trip (issue 33: a write's statements each wait
 * their turn on a pool connection under load; as BEGIN, update, NOTIFY, count, COMMIT it took five round trips,
 * four of them holding a connection inside the transaction, then two with the count a statement after the mark):
 * the update, when it marked any the NOTIFY that tells every instance at its commit that this user's unseen
 * notifications changed (their open tabs follow), and the unseen count left. The update's triggers (the unseen
 * key, reads_changed) run in it as in any transaction.
 */
const announced = (userId: SQLWrapper) =>
  sql`(select count(*) from (select pg_notify(${sql.raw(`'${NOTIFICATIONS_SEEN_CHANNEL}'`)}, ${userId}::text)
    from (select 1 from marked limit 1) as one) as sent)::int as announced`;

/**
 * The user's unseen notifications once `marked` is: the statement reads them as they were before its update (a
 * statement's sub-selects share its snapshot and do not see its own writes), less those it marked, each of which
 * was unseen in that snapshot (notifications_user_seen_created_idx).
 */
const unreadAfter = (userId: SQLWrapper) =>
  sql`((select count(*) from ${notifications} where user_id = ${userId} and seen_at is null)
    - (select count(*) from marked))::int as unread`;

/** The caller's unseen notifications of these ids marked seen: `marked`, and `unread` left. */
const markIdsSeen = preparedQuery(
  "mark_ids_seen",
  (db, v: Placeholders<{ userId: number; ids: number[]; now: Date }>) =>
    rawStatement(
      db,
      sql`with marked as (
        update ${notifications} set seen_at = ${v.now}::timestamptz
        where user_id = ${v.userId} and id = any(${v.ids}::int[]) and seen_at is null
        returning id)
      select (select count(*) from marked)::int as marked, ${unreadAfter(v.userId)}, ${announced(v.userId)}`,
    ),
);

/**
 * The caller's unseen notifications about the application marked seen when the caller is one of its parties:
 * `party` 1 when they are (else 0, and nothing is marked), `marked`, and `unread` left.
 */
const markApplicationSeen = preparedQuery(
  "mark_application_seen",
  (db, v: Placeholders<{ userId: number; applicationId: number; now: Date }>) =>
    rawStatement(
      db,
      sql`with party as (
        select id from ${applications}
        where id = ${v.applicationId} and (influencer_id = ${v.userId} or brand_id = ${v.userId})),
      marked as (
        update ${notifications} set seen_at = ${v.now}::timestamptz
        where user_id = ${v.userId} and application_id = (select id from party) and seen_at is null
        returning id)
      select (select count(*) from party)::int as party, (select count(*) from marked)::int as marked,
        ${unreadAfter(v.userId)}, ${announced(v.userId)}`,
    ),
);
