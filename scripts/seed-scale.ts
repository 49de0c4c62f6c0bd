/**
 * `npm run seed:scale -- --influencers N [--reset]`: bulk-loads N influencers (users, profiles with their
 * search columns, 1 to 4 networks each) into the PostgreSQL database of DATABASE_URL, for benchmarks of
 * the influencer search at up to millions of rows.
 *
 * Everything is generated inside PostgreSQL with INSERT ... SELECT FROM generate_series, CHUNK influencers
 * per statement so progress can be printed. Values are pseudo-random but deterministic: each is a hash of
 * the series index and a per-field salt, so influencer scale_42 is the same on every run. Idempotent:
 * scale_1..scale_N that already exist are kept and only the missing ones are added; --reset deletes every
 * scale_ influencer first.
 */
import { parseArgs } from "node:util";
import { CATEGORIES, GENDERS, UNLINKABLE_NETWORKS } from "@market/contracts";
import { createDb, type Db, migrate, networkSearchColumns, rowsOf, type SQL, searchTextOf, sql } from "@market/db";
import {
  SEED_CATEGORY_COPY,
  SEED_COUNTRIES,
  SEED_ENGAGEMENT_MODEL,
  SEED_FOLLOWERS_SPREAD,
  SEED_INTERESTS,
  SEED_MAX_FOLLOWERS,
  SEED_MEDIAN_FOLLOWERS,
  SEED_MIN_FOLLOWERS,
  SEED_NETWORK_TYPE_WEIGHTS,
} from "@market/db/seed";

const CHUNK = 100_000;
const PREFIX = "scale_";
/** Not a password hash: verification fails for every password, so scale accounts cannot log in. */
const NO_LOGIN_HASH = "!scale-seed-no-login";
/** Follower counts that split networks about 15 % big, 35 % medium, 50 % small, like the demo's ranks. */
const SIZE_THRESHOLDS = { big: 130_000, medium: 21_000 } as const;
const VERIFIED_SHARE = 0.92;
const FAKE_SHARE = 0.03;
const UNKNOWN_AUDIENCE_SHARE = 0.1;
const UNKNOWN_CATEGORY_SHARE = 0.03;
/** Linked networks with an audience-quality score (the others' history is too short). */
const SCORED_SHARE = 0.8;

// --- Deterministic draws, as SQL over the series index n -------------------------------------------

/** Trusted constants inlined into the generated SQL. */
const num = (value: number) => sql.raw(String(value));
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map(literal).join(", ")}]::text[]`);

/** Uniform in [0, 1) from a hash of n and a salt (a SQL expression for the salt, e.g. a column). */
const uniform = (salt: number | string) =>
  sql.raw(`((hashint8extended(n, ${salt}) & 4503599627370495)::float8 / 4503599627370496)`);

/** Standard normal (Box-Muller) from two salts. */
const normal = (salt: number | string) =>
  sql`(sqrt(-2 * ln(1 - ${uniform(salt)})) * cos(2 * pi() * ${uniform(`${salt} + 1`)}))`;

/** One of the values, drawn by relative weight. */
function weighted(values: readonly string[], weights: readonly number[], salt: number): SQL {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let cumulative = 0;
  const bounds = weights.slice(0, -1).map((weight) => {
    cumulative += weight;
    return cumulative / total;
  });
  return sql`(${textArray(values)})[1 + width_bucket(${uniform(salt)}, array[${sql.raw(bounds.join(", "))}]::float8[])]`;
}

// --- The demo seed's word lists and distributions ---------------------------------------------------

/** Every city of a country shares the country's weight, so countries keep their shares. */
const PLACES = SEED_COUNTRIES.flatMap((country) =>
  country.cities.map((city) => ({ code: country.code, city, weight: country.weight / country.cities.length })),
);
const COPY = CATEGORIES.map((category) => SEED_CATEGORY_COPY[category]);
/** Influencers without a category read like lifestyle ones (a 1-based SQL array index). */
const FALLBACK_CATEGORY = num(CATEGORIES.indexOf("lifestyle") + 1);
const NETWORK_TYPES = sql.raw(
  `(values ${SEED_NETWORK_TYPE_WEIGHTS.map(
    ([type, weight], i) => `(${literal(type)}, ${weight}, ${100 + i * 10}, ${SEED_MEDIAN_FOLLOWERS[type]})`,
  ).join(", ")}) as t(type, weight, salt, median)`,
);

// --- One chunk: a statement of data-modifying CTEs --------------------------------------------------

function chunkQuery(from: number, to: number): SQL {
  return sql`
    with series as (
      select n,
        ${weighted(
          PLACES.map((_, i) => String(i + 1)),
          PLACES.map((place) => place.weight),
          11,
        )}::int as place,
        case when ${uniform(12)} >= ${num(UNKNOWN_CATEGORY_SHARE)}
          then 1 + floor(${uniform(13)} * ${num(CATEGORIES.length)})::int end as category,
        ${uniform(14)} * 730 as age_days
      from generate_series(${from}::bigint, ${to}::bigint) as n
    ),
    inserted as (
      insert into users (kind, username, email, password_hash, has_seen_onboarding, created_at, updated_at,
        last_login_at)
      select 'influencer', ${PREFIX} || n, ${PREFIX} || n || '@scale.test', ${NO_LOGIN_HASH}, true,
        now() - age_days * interval '1 day', now() - age_days * interval '1 day',
        now() - least(age_days, ${uniform(15)} * 30) * interval '1 day'
      from series
      returning id, username, created_at
    ),
    people as (
      select i.id, i.username, i.created_at, s.*,
        (${textArray(PLACES.map((place) => place.code))})[s.place] as country,
        (${textArray(PLACES.map((place) => place.city))})[s.place] as city
      from inserted i join series s on i.username = ${PREFIX} || s.n
    ),
    drawn as (
      -- Efraimidis-Spirakis: the k smallest -ln(u) / weight are k distinct types drawn by weight.
      select p.id as user_id, p.n, p.created_at, t.type, t.salt, t.median
      from people p
      cross join lateral (
        select type, salt, median from ${NETWORK_TYPES}
        order by -ln(1 - ${uniform("salt")}) / weight
        limit ${weighted(["1", "2", "3", "4"], [30, 35, 25, 10], 30)}::int
      ) t
    ),
    -- Materialized: inlined, every reference to followers or engagement would compute them again.
    measured as materialized (
      select d.*, type = any(${textArray(UNLINKABLE_NETWORKS)}) as unlinkable,
        least(${num(SEED_MAX_FOLLOWERS)}, greatest(${num(SEED_MIN_FOLLOWERS)},
          round(median * exp(${num(SEED_FOLLOWERS_SPREAD)} * ${normal("salt + 2")}))))::int as followers
      from drawn d
    ),
    engaged as materialized (
      select m.*, ${engagement()} as engagement,
        not unlinkable and ${uniform("salt + 8")} < ${num(VERIFIED_SHARE)} as is_verified, false as is_conflicting,
        ${audienceQuality()} as audience_quality
      from measured m
    ),
    linked as (${insertNetworks()}),
    profiled as (${insertProfiles()})
    select count(*) as inserted from inserted`;
}

/**
 * The audience-quality score as if computed from a history (issue 40): no snapshots are written at this scale (the
 * score's own cost is per network and write, not per search). A fifth of the linked networks have none yet; the
 * others spread from 0 to 100, most of them high (median about 70). One draw (salt + 9: the type salts are 10
 * apart) decides both.
 */
function audienceQuality(): SQL {
  const draw = uniform("salt + 9");
  return sql`case when not unlinkable and ${draw} < ${num(SCORED_SHARE)}
    then round(100 * sqrt(${draw} / ${num(SCORED_SHARE)}))::smallint end`;
}

/** Name-only networks have no statistics; bigger audiences engage less (the demo seed's model). */
function engagement(): SQL {
  const model = SEED_ENGAGEMENT_MODEL;
  const percent = sql`${num(model.median)} * exp(${num(model.elasticity)} * ln(followers::float8 / ${num(model.atFollowers)})
    + ${num(model.spread)} * ${normal("salt + 4")})`;
  return sql`case when not unlinkable
    then round(least(${num(model.max)}, greatest(${num(model.min)}, ${percent}))::numeric, 2)::float8 end`;
}

function insertNetworks(): SQL {
  const handle = sql`${PREFIX} || n`;
  const joined = sql`created_at + (now() - created_at) * ${uniform("salt + 7")}`;
  return sql`
    insert into networks (user_id, type, title, identifier, link, followers, posts, reactions, engagement, rating,
      size_class, is_verified, audience_quality, created_at, updated_at)
    select user_id, type, '@' || ${handle}, ${handle},
      case type
        when 'facebook' then 'https://www.facebook.com/' || ${handle}
        when 'twitter' then 'https://twitter.com/' || ${handle}
        when 'youtube' then 'https://www.youtube.com/@' || ${handle}
        when 'instagram' then 'https://www.instagram.com/' || ${handle} || '/'
        when 'snapchat' then 'https://www.snapchat.com/add/' || ${handle}
        when 'pinterest' then 'https://www.pinterest.com/' || ${handle} || '/'
        when 'tumblr' then 'https://' || ${handle} || '.tumblr.com'
        else 'https://' || ${handle} || '.blog.example' end,
      followers,
      case when not unlinkable then round(exp(ln(60) + ${uniform("salt + 6")} * ln(4000 / 60.0)))::int end,
      round(followers * engagement / 100)::int,
      engagement,
      case when unlinkable then null when engagement >= 6 then 5 when engagement >= 3 then 4
        when engagement >= 1.5 then 3 when engagement >= 0.8 then 2 else 1 end,
      case when followers >= ${num(SIZE_THRESHOLDS.big)} then 'big'
        when followers >= ${num(SIZE_THRESHOLDS.medium)} then 'medium' else 'small' end,
      is_verified,
      audience_quality,
      ${joined}, ${joined}
    from engaged`;
}

/**
 * Profiles with their search columns computed from the networks being inserted, through the same SQL as
 * refreshInfluencerSearchColumns: writing them once beats updating a million freshly indexed rows.
 * New influencers have no applications, so the fee-based columns keep their defaults.
 */
function insertProfiles(): SQL {
  const byCategory = (values: SQL) => sql`(${values})[coalesce(category, ${FALLBACK_CATEGORY})]`;
  const males = sql.raw(`array[${COPY.map((copy) => copy.males).join(", ")}]`);
  const interests = weighted(
    SEED_INTERESTS,
    SEED_INTERESTS.map(() => 1),
    25,
  );
  const otherCountry = weighted(["us", "gb", "fr", "br", "in"], [1, 1, 1, 1, 1], 27);
  return sql`
    insert into influencer_profiles (user_id, about, category, city, country, gender, audience_males,
      audience_age_min, audience_age_max, audience_interests, audience_country, maybe_fake, created_at,
      total_reach, max_engagement, network_types, engagement_levels, audience_quality, search_text)
    select p.id,
      case when bio like '%{city}%' then replace(bio, '{city}', city) else bio || ' Based in ' || city || '.' end,
      (${textArray(CATEGORIES)})[category], city, country,
      case when ${uniform(20)} >= 0.03 then ${weighted(GENDERS, [45, 55], 21)} end,
      case when known then least(97, greatest(3, round(${byCategory(males)} + 12 * ${normal(22)})))::smallint end,
      case when known then age_min end,
      case when known then least(65, age_min + 6 + floor(${uniform(24)} * 20))::smallint end,
      case when known then array_remove(array[(${textArray(CATEGORIES)})[category], ${interests}], null)
        else '{}'::text[] end,
      case when not known then null when ${uniform(26)} < 0.75 then country else ${otherCountry} end,
      ${uniform(28)} < ${num(FAKE_SHARE)},
      p.created_at,
      s.total_reach, s.max_engagement, s.network_types, s.engagement_levels, s.audience_quality,
      ${searchTextOf(sql`p.username`, sql`city`, sql`country`)}
    from (
      select *, ${uniform(29)} >= ${num(UNKNOWN_AUDIENCE_SHARE)} as known,
        (13 + floor(${uniform(23)} * 18))::smallint as age_min,
        ${byCategory(textArray(COPY.map((copy) => copy.bios[0] ?? "")))} as bio
      from people
    ) p
    join (${networkSearchColumns(sql`engaged`)}) s on s.user_id = p.id`;
}

// --- The command -------------------------------------------------------------------------------------

const isScale = sql.raw(`username ~ '^${PREFIX}[0-9]+$'`);

async function lastIndex(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string }>(
    await db.execute(
      sql`select coalesce(max(substr(username, ${num(PREFIX.length + 1)})::bigint), 0) as last from users where ${isScale}`,
    ),
  );
  return Number(row?.last ?? 0);
}

/** Children first, set-based: a cascade from users would run one lookup per deleted row and table. */
async function reset(db: Db): Promise<void> {
  const scaleIds = sql`select id from users where ${isScale}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from networks where user_id in (${scaleIds})`);
    await tx.execute(sql`delete from influencer_profiles where user_id in (${scaleIds})`);
    await tx.execute(sql`delete from users where ${isScale}`);
  });
}

async function loadChunk(db: Db, from: number, to: number): Promise<void> {
  // One transaction per chunk: an interrupted run leaves whole chunks only, and the next run resumes.
  await db.transaction(async (tx) => {
    // JIT compiling a one-off statement costs seconds and saves nothing; the sorts fit in memory.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(chunkQuery(from, to));
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${seconds(performance.now() - started)}`);
  return result;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: { influencers: { type: "string" }, reset: { type: "boolean", default: false } },
  });
  const target = Number(args.influencers);
  if (!args.influencers || !Number.isSafeInteger(target) || target < 0) {
    fail("usage: npm run seed:scale -- --influencers N [--reset]");
  }
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    fail(
      "seed:scale needs PostgreSQL: set DATABASE_URL=postgres://... (the embedded PGlite is not for millions of rows).",
    );
  }

  const handle = await createDb({ url, max: 2 });
  try {
    await timed("migrations", () => migrate(handle));
    const { db } = handle;
    if (args.reset) await timed("reset (deleted scale_ influencers)", () => reset(db));
    const existing = await lastIndex(db);
    if (existing >= target) {
      console.log(`${existing} scale influencers exist already; nothing to add.`);
      return;
    }
    const started = performance.now();
    for (let from = existing + 1; from <= target; from += CHUNK) {
      const to = Math.min(target, from + CHUNK - 1);
      await timed(`influencers ${from}-${to} of ${target}`, () => loadChunk(db, from, to));
    }
    console.log(`loaded ${target - existing} influencers in ${seconds(performance.now() - started)}`);
    // VACUUM, not only ANALYZE: the search reads covering indexes, and index-only scans need the visibility map
    // that a bulk load leaves unset (measured at 1M: category filter p95 69 ms before, 12 ms after).
    await timed("vacuum analyze", () => db.execute(sql`vacuum analyze users, influencer_profiles, networks`));
  } finally {
    await handle.close();
  }
}

await main();
