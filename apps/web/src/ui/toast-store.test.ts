import { describe, expect, it, vi } from "vitest";
import { createToastStore, muteOnUnload } from "./toast-store";

const messages = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((item) => item.message);

describe("toast store", () => {
  it("shows at most three toasts: a fourth pushes out the oldest", () => {
    const store = createToastStore({ max: 3 });
    for (const message of ["one", "two", "three", "four"]) store.show("success", message);
    expect(messages(store)).toEqual(["two", "three", "four"]);
  });

  it("dismisses one toast by id and tells its listeners", () => {
    const store = createToastStore({ max: 3 });
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.show("error", "one");
    store.show("error", "two");
    store.dismiss(first ?? -1);
    expect(messages(store)).toEqual(["two"]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("keeps the same snapshot when nothing changed, as useSyncExternalStore requires", () => {
    const store = createToastStore({ max: 3 });
    store.show("success", "one");
    const before = store.getSnapshot();
    store.dismiss(999);
    expect(store.getSnapshot()).toBe(before);
  });

  it("stops listening once unsubscribed", () => {
    const store = createToastStore({ max: 3 });
    const listener = vi.fn();
    store.subscribe(listener)();
    store.show("success", "one");
    expect(listener).not.toHaveBeenCalled();
  });

  it.each(["beforeunload", "pagehide"])("shows no toast once %s has fired", (type) => {
    const store = createToastStore({ max: 3 });
    const page = new EventTarget();
    muteOnUnload(store, page);
    store.show("success", "before");
    page.dispatchEvent(new Event(type));
    expect(store.show("error", "after")).toBeNull();
    expect(messages(store)).toEqual(["before"]);
  });

  it("shows toasts again when the page comes back from the back-forward cache", () => {
    const store = createToastStore({ max: 3 });
    const page = new EventTarget();
    muteOnUnload(store, page);
    page.dispatchEvent(new Event("pagehide"));
    page.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    expect(store.show("success", "first load")).toBeNull();
    page.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(store.show("success", "restored")).not.toBeNull();
  });
});

describe("toast store's news", () => {
  it("keeps what a click opens with the toast", () => {
    const store = createToastStore({ max: 3 });
    const open = vi.fn();
    store.show("info", "New proposal", open);
    store.getSnapshot()[0]?.open?.();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("counts news and answers together in the three shown", () => {
    const store = createToastStore({ max: 3 });
    store.show("success", "saved");
    for (const message of ["one", "two", "three"]) store.show("info", message, () => undefined);
    expect(messages(store)).toEqual(["one", "two", "three"]);
  });
});
