import { describe, expect, it } from "vitest";
import { sourceOf } from "./login-sources";

describe("sourceOf: the network of an address", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["203.0.113.1", "203.0.113.0/24"],
    ["::ffff:203.0.113.77", "203.0.113.0/24"],
    ["::FFFF:203.0.113.77", "203.0.113.0/24"],
  ])("puts the IPv4 address %s in its /24, %s", (ip, source) => {
    expect(sourceOf(ip)).toBe(source);
  });

  it.each([
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:0DB8:85A3:08D3:ffff::1", "2001:db8:85a3:8d3::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::2:3:4:5:6:1.2.3.4", "0:2:3:4::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("puts the IPv6 address %s in its /64, %s", (ip, source) => {
    expect(sourceOf(ip)).toBe(source);
  });

  it("keeps every address of a /64 in one network, and another /64 apart", () => {
    expect(sourceOf("2001:db8:a:b:1::1")).toBe(sourceOf("2001:db8:a:b:ffff:ffff:ffff:ffff"));
    expect(sourceOf("2001:db8:a:c::1")).not.toBe(sourceOf("2001:db8:a:b::1"));
  });

  it("keeps anything else as it is", () => {
    expect(sourceOf("not an address")).toBe("not an address");
  });
});
