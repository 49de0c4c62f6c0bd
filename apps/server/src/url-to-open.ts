/**
 * The address printed once the server is ready, for the person who started it to open. The public origin when one is
 * set (the server may sit behind a proxy); otherwise the address it listens on, except that an unspecified address
 * (0.0.0.0, ::) is not one a browser can open: the server accepts loopback connections there, so the URL names those.
 */
export function urlToOpen({ publicUrl, host, port }: { publicUrl?: string; host: string; port: number }): string {
  if (publicUrl) return publicUrl;
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  // An IPv6 address goes in brackets in a URL; a name or an IPv4 address as it is.
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}
