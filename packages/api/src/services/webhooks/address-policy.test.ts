import { describe, expect, it } from "vitest";
import { isBlockedAddress } from "./address-policy";

describe("the addresses a webhook may never reach", () => {
  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, elsewhere in 127/8", "127.45.6.7"],
    ["IPv6 loopback", "::1"],
    ["RFC 1918 10/8", "10.1.2.3"],
    ["RFC 1918 172.16/12", "172.31.255.254"],
    ["RFC 1918 192.168/16", "192.168.0.10"],
    ["IPv6 unique local (fc00::/7)", "fd12:3456::1"],
    ["AWS's IPv6 metadata", "fd00:ec2::254"],
    ["link-local", "169.254.10.20"],
    ["the clouds' metadata service", "169.254.169.254"],
    ["IPv6 link-local", "fe80::1"],
    ["CGNAT (100.64/10)", "100.100.100.200"],
    ["multicast", "224.0.0.251"],
    ["IPv6 multicast", "ff02::1"],
    ["unspecified", "0.0.0.0"],
    ["IPv6 unspecified", "::"],
    ["broadcast", "255.255.255.255"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped private, in hex", "::ffff:a00:1"],
    ["NAT64 of a private address", "64:ff9b::10.0.0.1"],
    ["not an address at all", "localhost"],
  ])("refuses %s (%s)", (_name, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ["a public IPv4", "93.184.216.34"],
    ["just outside 172.16/12", "172.32.0.1"],
    ["just outside CGNAT", "100.128.0.1"],
    ["a public IPv6", "2606:2800:220:1:248:1893:25c8:1946"],
    ["IPv4-mapped public", "::ffff:93.184.216.34"],
  ])("allows %s (%s)", (_name, address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});
