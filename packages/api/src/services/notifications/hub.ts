import type { NotificationView } from "@market/contracts";
import { NOTIFICATIONS_CATCH_UP_LIMIT } from "@market/contracts";
import { type ChannelListener, channelListenerOf, type Db } from "@market/db";
import type { Clock } from "../../clock";
import { NOTIFICATIONS_CHANNEL, NOTIFICATIONS_SEEN_CHANNEL, SESSION_ENDED_CHANNEL } from "./channels";
import { lastNotificationId, notificationsAfter, notificationsByIds } from "./read";
import { type SessionWatch, sessionWatch } from "./session-watch";

/** Where the hub reports what it cannot do itself (a failed read); the app's logger. */
export interface HubLog {
  error(details: object, message: string): void;
}

/**
 * One instance's fan-out of live notifications (docs/architecture.md, Live notifications). Every instance
 * LISTENs on one connection; a NOTIFY carries ids only, and the hub reads those rows once for all the users
 * connected here and hands each row to that user's subscribers. Instances keep no state a client depends on:
 * a client that reconnects elsewhere resumes from its last id through the table.
 */
export interface NotificationHub {
  /**
   * Calls `deliver` with each new notification of the user until the returned function is called. Resolves once
   * this instance listens, so a notification committed after it resolves is delivered.
   */
  subscribe(userId: number, deliver: (notification: NotificationView) => void): Promise<() => void>;
  /**
   * Calls `changed` each time some of the user's notifications are marked seen, wherever (another tab, another
   * instance), until the returned function is called; and once after a lost LISTEN, as marks may have been missed.
   */
  watchSeen(userId: number, changed: () => void): Promise<() => void>;
  /** Calls `end` once when the session ends (logout, password change, expiry); the returned function stops. */
  watchSession(sessionId: string, end: () => void): Promise<() => void>;
  close(): Promise<void>;
}

interface UserState {
  subscribers: Set<(notification: NotificationView) => void>;
  /** Highest id handed to this user's subscribers: where a catch-up after a lost LISTEN starts. */
  lastId: number;
}

export interface HubDeps {
  db: Db;
  clock: Clock;
  /** LISTEN on the database; by default through the Db's own driver (channelListenerOf). */
  listener?: ChannelListener;
  log?: HubLog;
}

export function createNotificationHub(deps: HubDeps): NotificationHub {
  const users = new Map<number, UserState>();
  const seenWatchers = new Map<number, Set<() => void>>();
  const sessions: SessionWatch = sessionWatch(deps);
  const log = deps.log ?? { error: () => {} };
  let listening: Promise<void> | undefined;
  const stops: Array<() => Promise<void>> = [];
  let closed = false;

  // Reads and deliveries run one after another, so each user's notifications go out in id order.
  let work: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    work = work.then(job).catch((error: unknown) => log.error({ err: error }, "notification fan-out failed"));
  };

  const dispatch = (rows: Array<{ userId: number; view: NotificationView }>) => {
    for (const { userId, view } of rows) {
      const state = users.get(userId);
      if (!state) continue;
      state.lastId = Math.max(state.lastId, view.id);
      for (const deliver of state.subscribers) deliver(view);
    }
  };

  // Ids that arrive while a read runs are read together by the next one.
  let pendingIds: number[] = [];
  const readPending = async () => {
    const ids = pendingIds;
    pendingIds = [];
    if (ids.length === 0 || users.size === 0) return;
    dispatch(await notificationsByIds(deps.db, ids));
  };
  const onNotificationIds = (payload: string) => {
    // A macrotask later (setImmediate keeps their order): a NOTIFY heard on a re-established connection may come
    // before its onListening (ChannelListener), and read first it would move lastId past the rows written while
    // the connection was down, so that the catch-up enqueued at onListening started after them and lost them (the
    // cluster test that cuts the LISTEN connections saw a chat notification never come).
    setImmediate(heardIds, payload);
  };
  const heardIds = (payload: string) => {
    const ids = payload.split(",").map(Number).filter(Number.isSafeInteger);
    if (pendingIds.length === 0) enqueue(readPending);
    pendingIds.push(...ids);
  };

  // After a lost connection, NOTIFYs sent meanwhile are gone: each connected user's rows since its last id are
  // read from the table instead (subscribers drop what they already have).
  const catchUp = async () => {
    for (const [userId, state] of users) {
      const rows = await notificationsAfter(deps.db, userId, state.lastId, NOTIFICATIONS_CATCH_UP_LIMIT);
      dispatch(rows.map((view) => ({ userId, view })));
    }
  };

  const listen = async () => {
    const listener = deps.listener ?? channelListenerOf(deps.db);
    let connections = 0;
    stops.push(
      await listener.listen(NOTIFICATIONS_CHANNEL, onNotificationIds, () => {
        connections += 1;
        if (connections > 1) enqueue(catchUp);
      }),
    );
    let seenConnections = 0;
    stops.push(
      await listener.listen(
        NOTIFICATIONS_SEEN_CHANNEL,
        (payload) => {
          for (const changed of seenWatchers.get(Number(payload)) ?? []) changed();
        },
        () => {
          seenConnections += 1;
          if (seenConnections === 1) return;
          for (const watchers of seenWatchers.values()) for (const changed of watchers) changed();
        },
      ),
    );
    stops.push(
      await listener.listen(
        SESSION_ENDED_CHANNEL,
        (sessionId) => sessions.ended(sessionId),
        () => {
          // Sessions that ended while the connection was down are found by the watch's next check.
          void sessions.checkNow();
        },
      ),
    );
  };
  // Listens on first use only, so an app or a test caller that never streams opens no connection.
  const ensureListening = () => {
    if (closed) return Promise.reject(new Error("the notification hub is closed"));
    listening ??= listen().catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  };

  return {
    async subscribe(userId, deliver) {
      await ensureListening();
      let state = users.get(userId);
      if (!state) {
        state = { subscribers: new Set(), lastId: 0 };
        users.set(userId, state);
        const known = state;
        // Where this user's catch-up would start; a row committed meanwhile is delivered live all the same.
        lastNotificationId(deps.db, userId).then(
          (id) => {
            known.lastId = Math.max(known.lastId, id);
          },
          (error: unknown) => log.error({ err: error }, "notification fan-out failed"),
        );
      }
      state.subscribers.add(deliver);
      const subscribed = state;
      return () => {
        subscribed.subscribers.delete(deliver);
        if (subscribed.subscribers.size === 0 && users.get(userId) === subscribed) users.delete(userId);
      };
    },
    async watchSeen(userId, changed) {
      await ensureListening();
      const watchers = seenWatchers.get(userId) ?? new Set();
      seenWatchers.set(userId, watchers);
      watchers.add(changed);
      return () => {
        watchers.delete(changed);
        if (watchers.size === 0 && seenWatchers.get(userId) === watchers) seenWatchers.delete(userId);
      };
    },
    async watchSession(sessionId, end) {
      await ensureListening();
      return sessions.watch(sessionId, end);
    },
    async close() {
      closed = true;
      sessions.close();
      users.clear();
      seenWatchers.clear();
      await Promise.allSettled(stops.map((stop) => stop()));
      await work;
    },
  };
}
