import { fixedClock } from "@market/api";
import { describe, expect, it } from "vitest";
import { addressKey, createSocketLimiter, SOCKET_LIMITS } from "./socket-limits";

const { perSession, perAddress, newPerAddress } = SOCKET_LIMITS;

function limiter(scale?: number) {
  const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
  const limits = createSocketLimiter({ clock, scale });
  /** The next window of newPerAddress, where the rate starts again. */
  const nextWindow = () => clock.advance(newPerAddress.windowMs);
  return { limits, nextWindow };
}

/** Admits `count` upgrades, moving to the next window whenever the rate would refuse one. */
function admitMany(setup: ReturnType<typeof limiter>, count: number, ip: string, token: string | null) {
  return Array.from({ length: count }, (_, i) => {
    if (i > 0 && i % newPerAddress.limit === 0) setup.nextWindow();
    return setup.limits.admit(ip, token);
  });
}

describe("the socket limiter", () => {
  it("holds a session to perSession open sockets, and admits one more once one is released", () => {
    const setup = limiter();
    const open = admitMany(setup, perSession, "192.0.2.1", "id.secret");
    expect(open.map((admission) => admission.refusal)).toEqual(Array(perSession).fill(null));
    expect(setup.limits.admit("192.0.2.1", "id.secret").refusal).toBe("session");
    // The same session from another address is the same session; another session is not.
    expect(setup.limits.admit("198.51.100.7", "id.secret").refusal).toBe("session");
    expect(setup.limits.admit("192.0.2.1", "id.other").refusal).toBe(null);

    open[0]?.release();
    open[0]?.release(); // twice frees one slot, not two
    expect(setup.limits.admit("192.0.2.1", "id.secret").refusal).toBe(null);
    expect(setup.limits.admit("192.0.2.1", "id.secret").refusal).toBe("session");
  });

  it("holds an address to perAddress open sockets, with or without sessions, refused ones for a session included", () => {
    const setup = limiter();
    const anonymous = admitMany(setup, perAddress - perSession - 1, "192.0.2.1", null);
    setup.nextWindow();
    admitMany(setup, perSession, "192.0.2.1", "id.secret");
    // Refused for its session, it is still a connection of the address until it closes.
    const refused = setup.limits.admit("192.0.2.1", "id.secret");
    expect(refused.refusal).toBe("session");
    expect(setup.limits.admit("192.0.2.1", "id.other").refusal).toBe("address");
    expect(setup.limits.admit("192.0.2.2", "id.other").refusal).toBe(null);

    refused.release();
    expect(setup.limits.admit("192.0.2.1", null).refusal).toBe(null);
    expect(setup.limits.admit("192.0.2.1", null).refusal).toBe("address");
    anonymous[0]?.release();
    expect(setup.limits.admit("192.0.2.1", "id.other").refusal).toBe(null);
  });

  it("admits newPerAddress new sockets per window from one address, closed or not", () => {
    const setup = limiter();
    for (let i = 0; i < newPerAddress.limit; i += 1) {
      const admission = setup.limits.admit("192.0.2.1", null);
      expect(admission.refusal).toBe(null);
      admission.release();
    }
    expect(setup.limits.admit("192.0.2.1", null).refusal).toBe("rate");
    expect(setup.limits.admit("192.0.2.2", null).refusal).toBe(null);
    setup.nextWindow();
    expect(setup.limits.admit("192.0.2.1", null).refusal).toBe(null);
  });

  it("multiplies every limit by the scale", () => {
    const setup = limiter(2);
    const open = admitMany(setup, 2 * perSession, "192.0.2.1", "id.secret");
    expect(open.every((admission) => admission.refusal === null)).toBe(true);
    expect(setup.limits.admit("192.0.2.1", "id.secret").refusal).toBe("session");
  });
});

describe("addressKey", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64", () => {
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("::ffff:192.0.2.1")).toBe("::ffff:192.0.2.1");
    expect(addressKey("2001:db8:0:7:a:b:c:d")).toBe("2001:db8:0:7::/64");
    expect(addressKey("2001:0db8:0000:0007::1")).toBe("2001:db8:0:7::/64");
    expect(addressKey("2001:db8::7:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
