import { describe, expect, it } from "vitest";
import { type Me, pickTree, type SignedInUser } from "./pick-tree";

const user: SignedInUser = {
  id: 1,
  username: "acme",
  email: "acme@example.com",
  picture: null,
  isBrand: true,
  isImpersonating: false,
  balanceCents: null,
  hasSeenOnboarding: true,
};

describe("pickTree", () => {
  it.each(["brand", "influencer"] as const)("runs the %s tree for a signed-in %s", (kind) => {
    expect(pickTree({ kind, user })).toEqual({ kind, user });
  });

  it("runs the visitor tree for a visitor", () => {
    expect(pickTree({ kind: "visitor", user: null })).toEqual({ kind: "visitor", user: null });
  });

  it("runs the visitor tree when a signed-in kind comes without its user", () => {
    const me: Me = { kind: "brand", user: null };
    expect(pickTree(me)).toEqual({ kind: "visitor", user: null });
  });
});
