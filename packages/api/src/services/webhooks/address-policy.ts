import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may never reach (SSRF, issue 39): what is not the public internet. Loopback, RFC 1918 and
 * unique-local (fc00::/7, which holds AWS's fd00:ec2::254 metadata), link-local (169.254/16 holds the clouds'
 * metadata service 169.254.169.254), CGNAT (100.64/10, Alibaba's metadata 100.100.100.200), multicast, unspecified,
 * benchmarking, documentation and reserved ranges.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** IPv4 carried in an IPv6 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96): judged as that IPv4. */
const EMBEDDED_V4 = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i;

function embeddedV4(address: string): string | null {
  const match = EMBEDDED_V4.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] as string, 16);
  const low = Number.parseInt(match[3] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True when a webhook may not be sent to this IP address (or to what is not an IP address at all). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  if (v4 !== null) return isBlockedAddress(v4);
  // Any other IPv4-compatible or translated form we do not read is refused rather than guessed at.
  if (/^::ffff:/i.test(address) || /^64:ff9b:/i.test(address)) return true;
  return blocked.check(address, "ipv6");
}
