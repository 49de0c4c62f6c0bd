import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Stripe.js's origins, as Stripe's security guide lists them for a Content-Security-Policy: its script (and the
 * scripts it loads), its card and 3-D Secure frames, and its API. The checkout loads Stripe.js only when Stripe is
 * configured; allowing these origins otherwise lets nothing else in.
 */
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES = `${STRIPE_SCRIPTS} https://hooks.stripe.com`;
const STRIPE_API = "https://api.stripe.com";

/**
 * The web app's policy. Scripts only from this site and Stripe, never inline nor eval: a stored text that slipped
 * past React's escaping still could not run. Styles may be inline (libraries and Stripe.js inject style elements;
 * a style cannot run code). Images may come from any https host: a linked network's avatar is its provider's URL.
 * Connections ('self' covers the same host's ws: and wss:) to this site, its own blob: URLs (a picture chosen for
 * upload is read back from its preview) and Stripe's API. No page may frame this
 * one (clickjacking of the checkout and payout forms), no plugin, no <base> and no form posting elsewhere.
 */
function contentSecurityPolicy(httpsSite: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_SCRIPTS}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' blob: ${STRIPE_API}`,
    `frame-src ${STRIPE_FRAMES}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(httpsSite ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Features the product never uses, refused to this page and every frame in it (Stripe's included). */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** A year, as HSTS preload lists ask: a browser that saw the site over https never tries plain http again. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The reset page's address carries its token: no link followed from it may send the address on. */
const NO_REFERRER_PATH = /^\/reset-password(\/|\?|$)/;

/**
 * The web app's hashed scripts and styles: a browser applies none of the page headers to them (a script runs under
 * its page's policy), so they get nosniff alone. The rest would be some 700 bytes on each of the 43 files of a
 * visitor's first load, 18 % over the landing's budget.
 */
const ASSET_PATH = /^\/assets\//;

/**
 * Sets the security headers on every page and answer (API answers, errors, files; the web app's assets get nosniff
 * alone, ASSET_PATH): a route that needs another policy sets its own over these (the network sandbox's pages, the
 * chat files' `sandbox`). HSTS only on an https site, as a browser ignores it over http and a plain-http localhost
 * must stay reachable.
 */
export function securityHeaders({ httpsSite }: { httpsSite: boolean }) {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(httpsSite),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (httpsSite) headers["Strict-Transport-Security"] = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  return async function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (ASSET_PATH.test(request.url)) {
      reply.header("X-Content-Type-Options", "nosniff");
      return;
    }
    reply.headers(headers);
    if (NO_REFERRER_PATH.test(request.url)) reply.header("Referrer-Policy", "no-referrer");
  };
}
