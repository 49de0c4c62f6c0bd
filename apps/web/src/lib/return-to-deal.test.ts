import { describe, expect, it } from "vitest";
import {
  canApplyWith,
  createReturnToDeal,
  RETURN_TO_DEAL_KEY,
  RETURN_TO_DEAL_MAX_AGE_MS,
  type SmallStorage,
} from "./return-to-deal";

function mapStorage(): SmallStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const DEAL = { dealId: 7, title: "Summer shoes", networks: ["youtube", "instagram"] as const };

describe("returnToDeal", () => {
  it("gives back the remembered deal until it is forgotten", () => {
    const storage = mapStorage();
    const store = createReturnToDeal(storage, () => 1_000);
    expect(store.read()).toBeNull();
    store.remember({ ...DEAL, networks: [...DEAL.networks] });
    expect(store.read()).toEqual({ dealId: 7, title: "Summer shoes", networks: ["youtube", "instagram"] });
    store.forget();
    expect(store.read()).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it("forgets a deal remembered more than an hour ago", () => {
    const storage = mapStorage();
    let now = 1_000;
    const store = createReturnToDeal(storage, () => now);
    store.remember({ ...DEAL, networks: [...DEAL.networks] });
    now += RETURN_TO_DEAL_MAX_AGE_MS;
    expect(store.read()?.dealId).toBe(7);
    now += 1;
    expect(store.read()).toBeNull();
    expect(storage.map.has(RETURN_TO_DEAL_KEY)).toBe(false);
  });

  it("reads malformed or foreign values as none", () => {
    const storage = mapStorage();
    const store = createReturnToDeal(storage, () => 1_000);
    for (const text of [
      "not json",
      "null",
      JSON.stringify({ dealId: "7", title: "x", networks: [], savedAt: 1_000 }),
      JSON.stringify({ dealId: 0, title: "x", networks: [], savedAt: 1_000 }),
      JSON.stringify({ dealId: 7, title: "x", networks: ["myspace"], savedAt: 1_000 }),
      // Saved in the future: a clock moved back, so its age is unknown.
      JSON.stringify({ dealId: 7, title: "x", networks: [], savedAt: 2_000 }),
    ]) {
      storage.map.set(RETURN_TO_DEAL_KEY, text);
      expect(store.read(), text).toBeNull();
    }
  });

  it("does nothing, and throws nothing, without a usable storage", () => {
    const broken: SmallStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    for (const storage of [broken, null]) {
      const store = createReturnToDeal(storage, () => 1_000);
      expect(() => store.remember({ ...DEAL, networks: [...DEAL.networks] })).not.toThrow();
      expect(store.read()).toBeNull();
      expect(() => store.forget()).not.toThrow();
    }
  });
});

describe("canApplyWith", () => {
  const network = (type: "youtube" | "blog", isVerified: boolean, isConflicting: boolean) => ({
    type,
    isVerified,
    isConflicting,
  });

  it("needs a verified, non-conflicting network of a type the deal asks for", () => {
    expect(canApplyWith([network("youtube", true, false)], ["youtube"])).toBe(true);
    expect(canApplyWith([network("youtube", false, false)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("youtube", true, true)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("blog", true, false)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("youtube", true, true), network("youtube", true, false)], ["youtube"])).toBe(true);
    expect(canApplyWith([], ["youtube"])).toBe(false);
  });
});
