import type { ChannelListener } from "@market/db";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { SEARCH_CHANGED_CHANNEL } from "./notifications/channels";
import { createSearchCache } from "./search-cache";
import { watchSearchChanges } from "./search-changes";

/** A listener the test drives: it delivers NOTIFYs and (re)establishes the LISTEN when told. */
function fakeListener() {
  const heard: { channel: string; onPayload: (payload: string) => void; onListening: () => void }[] = [];
  let stopped = 0;
  const listener: ChannelListener = {
    async listen(channel, onPayload, onListening) {
      heard.push({ channel, onPayload, onListening });
      onListening();
      return async () => {
        stopped += 1;
      };
    },
  };
  return { listener, heard, stopped: () => stopped };
}

async function filled() {
  const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
  const caches = [createSearchCache({ clock }), createSearchCache({ clock })];
  const { listener, heard, stopped } = fakeListener();
  const changes = watchSearchChanges({ listener, caches });
  await changes.ready();
  const fill = async () => {
    for (const cache of caches) await cache.get("key", () => Promise.resolve(1));
  };
  await fill();
  const sizes = () => caches.map((cache) => cache.size());
  return { changes, heard, stopped, fill, sizes };
}

describe("watchSearchChanges", () => {
  it("listens on search_changed and forgets every cache at each NOTIFY", async () => {
    const { heard, sizes, fill } = await filled();
    expect(heard.map((entry) => entry.channel)).toEqual([SEARCH_CHANGED_CHANNEL]);
    expect(sizes()).toEqual([1, 1]);
    heard[0]?.onPayload("");
    expect(sizes()).toEqual([0, 0]);
    await fill();
    heard[0]?.onPayload("");
    expect(sizes()).toEqual([0, 0]);
  });

  it("forgets every cache when the LISTEN is back after a lost connection (NOTIFYs sent meanwhile are gone)", async () => {
    const { heard, sizes } = await filled();
    heard[0]?.onListening();
    expect(sizes()).toEqual([0, 0]);
  });

  it("forgets every cache on this instance's own writes, and stops listening on close", async () => {
    const { changes, sizes, stopped } = await filled();
    changes.forget();
    expect(sizes()).toEqual([0, 0]);
    await changes.close();
    expect(stopped()).toBe(1);
  });

  it("reports a LISTEN that cannot start, and closes all the same", async () => {
    const errors: unknown[] = [];
    const failing: ChannelListener = { listen: () => Promise.reject(new Error("no connection")) };
    const changes = watchSearchChanges({ listener: failing, caches: [], onError: (error) => errors.push(error) });
    await expect(changes.ready()).rejects.toThrow("no connection");
    expect(errors).toHaveLength(1);
    await changes.close();
  });
});
