import { describe, expect, it } from "vitest";
import { conflictGroups } from "./conflicts";

describe("conflictGroups", () => {
  it("gathers the conflicting accounts by type, in the list's order", () => {
    const networks = [
      { id: 1, type: "facebook", isConflicting: true },
      { id: 2, type: "youtube", isConflicting: false },
      { id: 3, type: "twitter", isConflicting: true },
      { id: 4, type: "facebook", isConflicting: true },
      { id: 5, type: "facebook", isConflicting: false },
    ] as const;
    expect(conflictGroups(networks)).toEqual([
      { type: "facebook", networks: [networks[0], networks[3]] },
      { type: "twitter", networks: [networks[2]] },
    ]);
  });

  it("has none without a conflict", () => {
    expect(conflictGroups([{ type: "youtube", isConflicting: false }])).toEqual([]);
  });
});
