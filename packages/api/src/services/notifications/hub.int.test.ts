import type { NotificationView } from "@market/contracts";
import { type ChannelListener, channelListenerOf, type Db } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../clock";
import { createBrand } from "../../testing";
import { createNotificationHub } from "./hub";
import { notificationsSeen } from "./mark-seen";
import { notify } from "./notify";
import { announceSessionsEnded } from "./session-ended";

let db: Db;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/**
 * The database's real LISTEN with a switch: while "down", NOTIFYs are lost as they are when the connection
 * drops; "up" again announces a new LISTEN, as postgres.js does after it reconnects.
 */
function droppableListener(): {
  listener: ChannelListener;
  down(): void;
  up(): void;
  upHearingFirst(channel: string, payload: string): void;
} {
  const real = channelListenerOf(db);
  let connected = true;
  const relistened: Array<() => void> = [];
  const handlers = new Map<string, (payload: string) => void>();
  return {
    listener: {
      async listen(channel, onPayload, onListening) {
        handlers.set(channel, onPayload);
        const stop = await real.listen(
          channel,
          (payload) => {
            if (connected) onPayload(payload);
          },
          () => {},
        );
        onListening();
        relistened.push(onListening);
        return stop;
      },
    },
    down: () => {
      connected = false;
    },
    up: () => {
      connected = true;
      for (const onListening of relistened) onListening();
    },
    /**
     * Up again as postgres.js may come back: a NOTIFY parsed in the same read as the new LISTEN's answer is handed
     * over at once, and onListening is called a microtask later, when the code awaiting that answer resumes.
     */
    upHearingFirst(channel, payload) {
      connected = true;
      queueMicrotask(() => {
        for (const onListening of relistened) onListening();
      });
      handlers.get(channel)?.(payload);
    },
  };
}

const writeNews = (userId: number) =>
  db.transaction(async (tx) => (await notify(tx, [{ userId, type: "news", text: "news" }]))[0]);

describe("the notification hub", () => {
  it("after its LISTEN connection comes back, delivers what was written while it was down, then live ones", async () => {
    const connection = droppableListener();
    const hub = createNotificationHub({ db, clock: systemClock, listener: connection.listener });
    const brand = await createBrand(db);
    const other = await createBrand(db);
    const delivered: NotificationView[] = [];
    const unsubscribe = await hub.subscribe(brand.id, (notification) => delivered.push(notification));
    try {
      const before = await writeNews(brand.id);
      await expect.poll(() => delivered.map((n) => n.id)).toEqual([before]);

      connection.down();
      const whileDown = [await writeNews(brand.id), await writeNews(brand.id)];
      await writeNews(other.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(delivered.map((n) => n.id)).toEqual([before]);

      connection.up();
      await expect.poll(() => delivered.map((n) => n.id)).toEqual([before, ...whileDown]);
      const after = await writeNews(brand.id);
      await expect.poll(() => delivered.map((n) => n.id)).toEqual([before, ...whileDown, after]);
    } finally {
      unsubscribe();
      await hub.close();
    }
  });

  it("catches up on what was written while it was down when a live NOTIFY comes before the LISTEN's return", async () => {
    const connection = droppableListener();
    const hub = createNotificationHub({ db, clock: systemClock, listener: connection.listener });
    const brand = await createBrand(db);
    const delivered: number[] = [];
    const unsubscribe = await hub.subscribe(brand.id, (notification) => delivered.push(notification.id));
    try {
      const before = await writeNews(brand.id);
      await expect.poll(() => delivered).toEqual([before]);

      connection.down();
      const whileDown = [await writeNews(brand.id), await writeNews(brand.id)];
      const live = await writeNews(brand.id);
      connection.upHearingFirst("notifications", String(live));
      // Every row once at least, in id order (a row both caught up and heard live reaches the hub twice; the
      // stream drops what it sent); never the live one first, which would leave the rows written while down unread.
      await expect.poll(() => [...new Set(delivered)]).toEqual([before, ...whileDown, live]);
      expect(delivered.slice(0, 4)).toEqual([before, ...whileDown, live]);
    } finally {
      unsubscribe();
      await hub.close();
    }
  });

  it("tells a user's seen watchers of their seen marks only, and every watcher after its LISTEN comes back", async () => {
    const connection = droppableListener();
    const hub = createNotificationHub({ db, clock: systemClock, listener: connection.listener });
    const brand = await createBrand(db);
    const other = await createBrand(db);
    const told: string[] = [];
    const stopBrand = await hub.watchSeen(brand.id, () => told.push("brand"));
    const stopOther = await hub.watchSeen(other.id, () => told.push("other"));
    const viewer = {
      sessionId: "s",
      userId: brand.id,
      kind: "brand" as const,
      username: brand.username,
      impersonatorId: null,
    };
    try {
      const id = await writeNews(brand.id);
      if (id === undefined) throw new Error("no notification");
      await notificationsSeen({ db, clock: systemClock }, viewer, { ids: [id] });
      await expect.poll(() => told).toEqual(["brand"]);
      // Nothing newly seen: nobody is told.
      await notificationsSeen({ db, clock: systemClock }, viewer, { ids: [id] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(told).toEqual(["brand"]);

      // Marks made while the connection was down are lost: everyone watching reads again.
      connection.down();
      connection.up();
      expect(told.slice(1).sort()).toEqual(["brand", "other"]);
    } finally {
      stopBrand();
      stopOther();
      await hub.close();
    }
  });

  it("ends a watched session when session_ended names it, and leaves the others", async () => {
    const hub = createNotificationHub({ db, clock: systemClock });
    const ended: string[] = [];
    const stopA = await hub.watchSession("session-a", () => ended.push("a"));
    const stopB = await hub.watchSession("session-b", () => ended.push("b"));
    try {
      await db.transaction((tx) => announceSessionsEnded(tx, ["session-a"]));
      await expect.poll(() => ended).toEqual(["a"]);
    } finally {
      stopA();
      stopB();
      await hub.close();
    }
  });
});
