import { createServer } from "node:net";

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

/** A port free on this host now, for PORT=0 (tests): the server then listens on it, and its mails' links name it. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
