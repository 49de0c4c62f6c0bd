/**
 * The money mix of scripts/bench-load.ts (issue 33): the signed-in reads of the brand's and the influencer's
 * screens (money-reads.ts, without the searches) as the demo users and the money scale seed's users send them, the
 * users taking turns, and a write every tenth request, the writes taking turns: each user's chat message and seen
 * mark on one of its live applications, and each influencer's update of a waiting proposal (its prices, one dollar
 * more each time, so that no update is refused as no_change).
 *
 * The writes go where the web app sends them: a chat message and a proposal update through their REST routes
 * (POST /api/applications/{id}/messages, POST /api/applications/{id}), a seen mark through /trpc (the notifications
 * have no REST route). The server must run with RATE_LIMIT_SCALE raised: the chat's limit per user (30 a minute)
 * is for people, and the mix sends hundreds a second from four users.
 */
import postgres from "postgres";
import type { Planned } from "./bench-http";
import { planMoneyReads, readRequest } from "./money-reads";

export interface MoneyMix {
  /** Each user's reads, as requests. */
  reads: Planned[][];
  /** The writes, each made afresh for every request (a proposal update changes its price each time). */
  writes: (() => Planned)[];
  users: string[];
}

/** One write in ten. */
export const MONEY_MIX_WRITE_EVERY = 10;

interface WriteTargets {
  /** A live application of the user (WAITING not expired, or PROGRESS), for its chat and seen mark. */
  live: number | null;
  /** An influencer's WAITING proposal expiring in more than a day, with its price lines. */
  waiting: {
    id: number;
    expiration: Date;
    prices: { networkId: number; dollars: number; creationDays: number }[];
  } | null;
}

async function writeTargets(db: postgres.Sql, username: string, kind: "brand" | "influencer"): Promise<WriteTargets> {
  const column = kind === "brand" ? db`brand_id` : db`influencer_id`;
  const [live] = await db<{ id: number }[]>`
    select a.id from applications a join users u on u.id = a.${column}
    where u.username = ${username}
      and (a.status = 'PROGRESS' or (a.status = 'WAITING' and a.expiration > now() + interval '1 day'))
    order by a.id desc limit 1`;
  if (kind === "brand") return { live: live?.id ?? null, waiting: null };
  const [waiting] = await db<{ id: number; expiration: Date }[]>`
    select a.id, a.expiration from applications a join users u on u.id = a.influencer_id
    where u.username = ${username} and a.status = 'WAITING' and a.expiration > now() + interval '1 day'
      and exists (select 1 from application_prices p where p.application_id = a.id and p.network_id is not null)
    order by a.id desc limit 1`;
  if (!waiting) return { live: live?.id ?? null, waiting: null };
  const prices = await db<{ networkId: number; priceCents: number; creationDays: number }[]>`
    select network_id as "networkId", price_cents as "priceCents", creation_days as "creationDays"
    from application_prices where application_id = ${waiting.id} and network_id is not null order by network_type`;
  return {
    live: live?.id ?? null,
    waiting: {
      id: waiting.id,
      expiration: waiting.expiration,
      prices: prices.map((line) => ({
        networkId: line.networkId,
        dollars: Math.round(line.priceCents / 100),
        creationDays: line.creationDays,
      })),
    },
  };
}

const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" });

/** The mix for the database's demo and money scale users; `logIn` gives a user's session cookie. */
export async function planMoneyMix(
  databaseUrl: string,
  baseUrl: string,
  via: "rest" | "trpc",
  logIn: (username: string) => Promise<string>,
): Promise<MoneyMix> {
  const subjects = await planMoneyReads(databaseUrl, { scale: true, allVariants: false });
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const mix: MoneyMix = { reads: [], writes: [], users: [] };
  try {
    for (const subject of subjects) {
      const headers = { cookie: await logIn(subject.username), origin: baseUrl };
      const who = `${subject.kind} ${subject.username}`;
      mix.users.push(who);
      mix.reads.push(
        subject.reads
          .filter((read) => !read.name.endsWith("(yardstick)"))
          .map((read) => readRequest(read, `${who} ${read.name}`, headers, via)),
      );
      const targets = await writeTargets(db, subject.username, subject.kind);
      const { live, waiting } = targets;
      if (live !== null) {
        let messages = 0;
        mix.writes.push(() => {
          messages += 1;
          return {
            name: `${who} write chat message`,
            method: "POST",
            path: `/api/applications/${live}/messages`,
            body: JSON.stringify({ text: `Load message ${messages}` }),
            headers: json(headers),
          };
        });
        const seen = JSON.stringify({ 0: { json: { applicationId: live } } });
        mix.writes.push(() => ({
          name: `${who} write seen mark`,
          method: "POST",
          path: "/trpc/notifications.seeApplication?batch=1",
          body: seen,
          headers: json(headers),
        }));
      }
      if (waiting !== null) {
        let updates = 0;
        mix.writes.push(() => {
          updates += 1;
          const prices = waiting.prices.map((line) => ({
            networkId: line.networkId,
            price: line.dollars + (updates % 1000) + 1,
            creationDays: line.creationDays,
          }));
          return {
            name: `${who} write proposal update`,
            method: "POST",
            path: `/api/applications/${waiting.id}`,
            body: JSON.stringify({ expiration: waiting.expiration.toISOString(), prices }),
            headers: json(headers),
          };
        });
      }
    }
  } finally {
    await db.end();
  }
  if (mix.writes.length === 0) throw new Error("the money mix found no application to write to");
  return mix;
}
