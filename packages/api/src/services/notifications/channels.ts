/**
 * The PostgreSQL NOTIFY channels of live delivery (docs/architecture.md, Live notifications). Payloads carry ids
 * only: a receiver reads the rows, so nothing private travels outside the table and its access rules.
 */

/** Payload: the ids of new notifications, comma-separated, sent in the transaction that inserted them. */
export const NOTIFICATIONS_CHANNEL = "notifications";
/** Payload: the id of a user some of whose notifications were marked seen, so each of their open tabs follows. */
export const NOTIFICATIONS_SEEN_CHANNEL = "notifications_seen";
/** Payload: the id of a session that ended (logout, password change), so every instance closes its sockets. */
export const SESSION_ENDED_CHANNEL = "session_ended";
/** No payload: a search's tables changed (drizzle/0029_search_changed.sql), so every instance forgets its search caches. */
export const SEARCH_CHANGED_CHANNEL = "search_changed";
/**
 * Payload: the ids of the users whose own screens' reads a committed write changed, comma-separated, or `*` for
 * everyone (drizzle/0034_reads_changed.sql), so every instance forgets those users' cached reads.
 */
export const READS_CHANGED_CHANNEL = "reads_changed";
