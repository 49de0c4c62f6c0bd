import { describe, expect, it } from "vitest";
import { type Me, pickTree, type SignedInUser } from "./pick-tree";

const user: SignedInUser = {
  id: 1,
  username: "acme",
  email: "acme@example.com",
  picture: null,
  isBrand: true,
  isImpersonating: false,
  isAdmin: false,
  impersonationEndsAt: null,
  balanceCents: null,
  hasSeenOnboarding: true,
};

describe("pickTree", () => {
  it.each(["brand", "influencer"] as const)("runs the %s tree for a signed-in %s", (kind) => {
    expect(pickTree({ kind, user })).toEqual({ kind, user });
  });

  it("runs the console for an admin in their own session", () => {
    const admin = { ...user, isAdmin: true };
    expect(pickTree({ kind: "brand", user: admin })).toEqual({ kind: "admin", user: admin });
  });

  it("runs the user's tree for an admin acting as a user (the server says isAdmin only in the admin's own session)", () => {
    const acting = { ...user, isImpersonating: true };
    expect(pickTree({ kind: "brand", user: acting })).toEqual({ kind: "brand", user: acting });
  });

  it("runs the visitor tree for a visitor", () => {
    expect(pickTree({ kind: "visitor", user: null })).toEqual({ kind: "visitor", user: null });
  });

  it("runs the visitor tree when a signed-in kind comes without its user", () => {
    const me: Me = { kind: "brand", user: null };
    expect(pickTree(me)).toEqual({ kind: "visitor", user: null });
  });
});
