/**
 * A user of the cluster tests: an account made by POST /api/test/users (the instances run with E2E_TEST_ROUTES=1)
 * and its session cookie, sending requests to whichever address it is told (the balancer, or one instance past it)
 * as a browser on that address would: with its origin, for the CSRF check.
 */
import { DAY_MS } from "@market/contracts";
import WebSocket from "ws";

export interface ClusterUser {
  id: number;
  kind: "brand" | "influencer";
  email: string;
  /** The account's password (every test account's): a payout request asks for it. */
  password: string;
  cookie: string;
  campaigns: { id: number }[];
  networks: { id: number; type: string }[];
  /** The request as this user, to `baseUrl` (the balancer or an instance); the envelope's `data` when 2xx. */
  call<T = unknown>(baseUrl: string, method: "GET" | "POST", path: string, body?: unknown): Promise<CallResult<T>>;
  /** Opens the notifications WebSocket on `baseUrl` and resolves once the server said it listens. */
  listen(baseUrl: string): Promise<NotificationSocket>;
}

export type CallResult<T> = { status: number; data: T | undefined; reason: string | undefined };

export interface NotificationSocket {
  /** Resolves with the first notification frame that `match` accepts (a bounded wait). */
  next(match: (notification: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): void;
}

export async function createUser(
  baseUrl: string,
  input: Record<string, unknown> & { kind: "brand" | "influencer" },
): Promise<ClusterUser> {
  const response = await fetch(`${baseUrl}/api/test/users`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(input),
  });
  if (response.status !== 200) throw new Error(`test user: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { data } = (await response.json()) as {
    data: {
      id: number;
      email: string;
      password: string;
      campaigns: { id: number }[];
      networks: { id: number; type: string }[];
    };
  };

  const call: ClusterUser["call"] = async (target, method, path, body) => {
    const headers: Record<string, string> = { cookie, origin: new URL(target).origin };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const answer = await fetch(`${target}${path}`, { method, headers, body: payload });
    const text = await answer.text();
    const parsed = text.startsWith("{") ? (JSON.parse(text) as { data?: unknown; reason?: string }) : {};
    return { status: answer.status, data: parsed.data as never, reason: parsed.reason };
  };

  const listen = (target: string) =>
    new Promise<NotificationSocket>((resolve, reject) => {
      const socket = new WebSocket(`${target.replace(/^http/, "ws")}/notifications`, {
        headers: { cookie, origin: new URL(target).origin },
      });
      const frames: Record<string, unknown>[] = [];
      // Other frames than notifications (an error the server sent): said when a wait fails.
      const others: string[] = [];
      const waiters = new Set<() => void>();
      let closedWith: number | null = null;
      const closed = new Promise<number>((done) =>
        socket.once("close", (code) => {
          closedWith = code;
          done(code);
          for (const waiter of [...waiters]) waiter();
        }),
      );
      socket.once("error", reject);
      socket.on("message", (raw) => {
        const frame = JSON.parse(String(raw)) as Record<string, unknown>;
        if (frame.ready === true) {
          resolve({
            closed,
            close: () => socket.close(),
            next: (match, timeoutMs = 10_000) =>
              new Promise((found, fail) => {
                const look = () => {
                  const hit = frames.find((candidate) => match(candidate.notification as Record<string, unknown>));
                  if (!hit && closedWith !== null) {
                    waiters.delete(look);
                    clearTimeout(timer);
                    fail(new Error(`the socket closed (${closedWith}) before a matching notification; ${others}`));
                  }
                  if (!hit) return;
                  waiters.delete(look);
                  clearTimeout(timer);
                  found(hit.notification as Record<string, unknown>);
                };
                const timer = setTimeout(() => {
                  waiters.delete(look);
                  fail(new Error(`no matching notification within ${timeoutMs} ms; ${others}`));
                }, timeoutMs);
                waiters.add(look);
                look();
              }),
          });
          return;
        }
        if (frame.notification) {
          frames.push(frame);
          for (const waiter of [...waiters]) waiter();
        } else others.push(String(raw));
      });
    });

  return {
    id: data.id,
    kind: input.kind,
    email: data.email,
    password: data.password,
    cookie,
    campaigns: data.campaigns,
    networks: data.networks,
    call,
    listen,
  };
}

/** A brand with an approved campaign, an influencer with a verified Instagram, and the influencer's proposal on it. */
export async function proposal(target: string, text = "A proposal through the balancer.") {
  const brand = await createUser(target, {
    kind: "brand",
    campaigns: [{ title: "Cluster launch", review: "OK" }],
  });
  const influencer = await createUser(target, {
    kind: "influencer",
    networks: [{ type: "instagram", followers: 12_000 }],
  });
  const created = await influencer.call<{ id: number }>(target, "POST", "/api/applications", {
    dealId: brand.campaigns[0]?.id,
    text,
    expiration: new Date(Date.now() + 20 * DAY_MS).toISOString(),
    prices: [{ networkId: influencer.networks[0]?.id, price: 400, creationDays: 3 }],
  });
  if (created.status !== 200) throw new Error(`the proposal: ${created.status} ${created.reason}`);
  return { brand, influencer, applicationId: (created.data as { id: number }).id };
}
