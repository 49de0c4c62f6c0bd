import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "../http/request-info";

/** The session cookie a response sets: its value ("" when cleared), or undefined when it sets none. */
export function setSessionCookie(response: LightMyRequestResponse): { value: string; header: string } | undefined {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(";")[0] ?? "");
  return { value, header: cookie };
}

export const cookieFor = (token: string) => `${SESSION_COOKIE}=${encodeURIComponent(token)}`;

let ipSequence = 0;
/** A fresh client address, so each test has its own per-IP rate-limit buckets. */
export const nextIp = () => {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
};

/** POSTs JSON as a same-origin browser would (CSRF headers), with an optional session and client address. */
export function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: { token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return postRaw(app, url, JSON.stringify(body ?? {}), options);
}

/** The same with the body's text as given: JSON that a client wrote by hand, malformed or not. */
export function postRaw(
  app: FastifyInstance,
  url: string,
  payload: string,
  options: { token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url,
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      "content-type": "application/json",
      "sec-fetch-site": "same-origin",
      ...(options.token ? { cookie: cookieFor(options.token) } : {}),
    },
    payload,
  });
}

/** Who a session token stands for, as the web asks at load. */
export async function meOf(app: FastifyInstance, token: string | undefined) {
  const response = await app.inject({
    method: "GET",
    url: "/trpc/account.me",
    headers: token ? { cookie: cookieFor(token) } : {},
  });
  return (
    response.json() as {
      result: { data: { json: { kind: string; user: { username: string; isImpersonating: boolean } | null } } };
    }
  ).result.data.json;
}
