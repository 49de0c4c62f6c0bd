/**
 * `npm run seed:scale -- --influencers N [--reset]`: bulk-loads N influencers (users, profiles, 1 to 4
 * networks each, search columns) into the PostgreSQL database of DATABASE_URL, for benchmarks of the
 * influencer search at up to millions of rows.
 *
 * Everything is generated inside PostgreSQL with INSERT ... SELECT FROM generate_series, in chunks of
 * CHUNK rows per statement so progress can be printed. Values are pseudo-random but deterministic: each
 * is a hash of the series index and a per-field salt, so influencer scale_42 is the same on every run.
 * Idempotent: influencers scale_1..scale_N that already exist are kept and only the missing ones are
 * added; --reset deletes every scale_ influencer first.
 */
import { parseArgs } from "node:util";
import { CATEGORIES, GENDERS, UNLINKABLE_NETWORKS } from "@market/contracts";
import { createDb, type Db, migrate, refreshInfluencerSearchColumns, rowsOf, type SQL, sql } from "@market/db";
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
/** Follower counts that split networks about 15 % big, 35 % medium, 50 % small, like the demo seed's ranks. */
const SIZE_THRESHOLDS = { big: 110_000, medium: 24_000 } as const;

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

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

const isScale = sql.raw(`username ~ '^${PREFIX}[0-9]+$'`);

async function lastIndex(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string }>(
    await db.execute(sql`select coalesce(max(substr(username, ${PREFIX.length + 1})::bigint), 0) as last
      from users where ${isScale}`),
  );
  return Number(row?.last ?? 0);
}

/** Children first, set-based: cascading from users would run one lookup per row and table. */
async function reset(db: Db): Promise<void> {
  const scaleIds = sql`select id from users where ${isScale}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from networks where user_id in (${scaleIds})`);
    await tx.execute(sql`delete from influencer_profiles where user_id in (${scaleIds})`);
    await tx.execute(sql`delete from users where ${isScale}`);
  });
}

/** Trusted constants inlined into the generated SQL. */
const num = (value: number) => sql.raw(String(value));
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(", ")}]::text[]`;

/** A deterministic uniform draw in [0, 1) from the series index n and a salt. */
const rand = (salt: number) => `((hashint8extended(n, ${salt}) & 4503599627370495)::float8 / 4503599627370496)`;

/** One of the values, with their relative weights, drawn with the given salt (1-based arrays). */
function weighted(values: readonly string[], weights: readonly number[], salt: number): string {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let cumulative = 0;
  const bounds = weights.slice(0, -1).map((weight) => {
    cumulative += weight;
    return cumulative / total;
  });
  return `(${textArray(values)})[1 + width_bucket(${rand(salt)}, array[${bounds.join(", ")}]::float8[])]`;
}

/** A standard normal draw (Box-Muller) from two salts. */
const normal = (salt: number) => `(sqrt(-2 * ln(1 - ${rand(salt)})) * cos(2 * pi() * ${rand(salt + 1)}))`;

// Places: every city of a country shares its weight, so countries keep their shares.
const places = SEED_COUNTRIES.flatMap((country) =>
  country.cities.map((city) => ({ code: country.code, city, weight: country.weight / country.cities.length })),
);
const placeIndex = weighted(
  places.map((_, i) => String(i + 1)),
  places.map((place) => place.weight),
  11,
);
const categoryCopy = CATEGORIES.map((category) => SEED_CATEGORY_COPY[category]);
/** Influencers without a category get the lifestyle copy (1-based, as SQL arrays). */
const FALLBACK_CATEGORY = CATEGORIES.indexOf("lifestyle") + 1;

/**
 * Users, profiles and networks of scale_<from>..scale_<to> in one statement; returns the new user ids.
 * Profiles and networks join back to the inserted users through RETURNING, so ids never need guessing.
 */
async function insertChunk(db: Db, from: number, to: number): Promise<number[]> {
  const unlinkable = textArray(UNLINKABLE_NETWORKS);
  const types = SEED_NETWORK_TYPE_WEIGHTS.map(([type, weight], i) => ({
    type,
    weight,
    salt: 100 + i * 10,
    median: SEED_MEDIAN_FOLLOWERS[type],
  }));
  const typeRows = types.map((t) => `(${literal(t.type)}, ${t.weight}, ${t.salt}, ${t.median})`).join(", ");
  // Efraimidis-Spirakis: ordering by -ln(u)/weight and taking k gives k distinct types, drawn by weight.
  const networkKey = `-ln(1 - ((hashint8extended(n, salt) & 4503599627370495)::float8 / 4503599627370496)) / weight`;
  const networkDraw = (offset: number) =>
    `((hashint8extended(n, salt + ${offset}) & 4503599627370495)::float8 / 4503599627370496)`;
  const networkNormal = (offset: number) =>
    `(sqrt(-2 * ln(1 - ${networkDraw(offset)})) * cos(2 * pi() * ${networkDraw(offset + 1)}))`;

  const query: SQL = sql`
    with series as (
      select n, ${sql.raw(placeIndex)}::int as place,
        case when ${sql.raw(rand(12))} < 0.03 then null else 1 + floor(${sql.raw(`${rand(13)} * ${CATEGORIES.length}`)})::int end as category,
        ${sql.raw(`${rand(14)} * 730`)} as age_days
      from generate_series(${from}::bigint, ${to}::bigint) as n
    ),
    inserted as (
      insert into users (kind, username, email, password_hash, has_seen_onboarding, created_at, updated_at, last_login_at)
      select 'influencer', ${PREFIX} || n, ${PREFIX} || n || '@scale.test', ${NO_LOGIN_HASH}, true,
        now() - age_days * interval '1 day', now() - age_days * interval '1 day',
        now() - least(age_days, ${sql.raw(rand(15))} * 30) * interval '1 day'
      from series
      returning id, username, created_at
    ),
    people as (
      select i.id, i.created_at, s.*,
        (${sql.raw(textArray(places.map((place) => place.code)))})[s.place] as country,
        (${sql.raw(textArray(places.map((place) => place.city)))})[s.place] as city
      from inserted i join series s on i.username = ${PREFIX} || s.n
    ),
    profiles as (
      insert into influencer_profiles (user_id, about, category, city, country, gender, audience_males,
        audience_age_min, audience_age_max, audience_interests, audience_country, maybe_fake, created_at)
      select id,
        case when bio like '%{city}%' then replace(bio, '{city}', city) else bio || ' Based in ' || city || '.' end,
        (${sql.raw(textArray(CATEGORIES))})[category], city, country,
        ${sql.raw(`case when ${rand(20)} < 0.03 then null else ${weighted(GENDERS, [45, 55], 21)} end`)},
        case when not unknown_audience then
          least(97, greatest(3, round((array[${sql.raw(categoryCopy.map((copy) => copy.males).join(", "))}])[coalesce(category, ${num(FALLBACK_CATEGORY)})]
            + 12 * ${sql.raw(normal(22))})))::smallint end,
        case when not unknown_audience then age_min end,
        case when not unknown_audience then least(65, age_min + 6 + floor(${sql.raw(rand(24))} * 20))::smallint end,
        case when unknown_audience then '{}'::text[]
          else array_remove(array[(${sql.raw(textArray(CATEGORIES))})[category], ${sql.raw(
            weighted(
              SEED_INTERESTS,
              SEED_INTERESTS.map(() => 1),
              25,
            ),
          )}], null) end,
        case when unknown_audience then null
          when ${sql.raw(rand(26))} < 0.75 then country else ${sql.raw(weighted(["us", "gb", "fr", "br", "in"], [1, 1, 1, 1, 1], 27))} end,
        ${sql.raw(rand(28))} < 0.03,
        created_at
      from (
        select *, ${sql.raw(rand(29))} < 0.1 as unknown_audience, (13 + floor(${sql.raw(rand(23))} * 18))::smallint as age_min,
          (${sql.raw(textArray(categoryCopy.map((copy) => copy.bios[0] ?? "")))})[coalesce(category, ${num(FALLBACK_CATEGORY)})] as bio
        from people
      ) p
    ),
    drawn as (
      select p.id, p.n, p.created_at, t.type, t.salt, t.median
      from people p
      cross join lateral (
        select type, salt, median from (values ${sql.raw(typeRows)}) as t(type, weight, salt, median)
        order by ${sql.raw(networkKey)}
        limit (${sql.raw(weighted(["1", "2", "3", "4"], [30, 35, 25, 10], 30))})::int
      ) t
    ),
    -- Materialized: inlined, each reference to followers or engagement would redraw them.
    measured as materialized (
      select d.*, least(${num(SEED_MAX_FOLLOWERS)}, greatest(${num(SEED_MIN_FOLLOWERS)},
          round(d.median * exp(${num(SEED_FOLLOWERS_SPREAD)} * ${sql.raw(networkNormal(1))}))))::int as followers,
        d.type = any(${sql.raw(unlinkable)}) as unlinkable
      from drawn d
    ),
    engaged as materialized (
      select m.*, case when not unlinkable then round(least(${num(SEED_ENGAGEMENT_MODEL.max)}, greatest(${num(SEED_ENGAGEMENT_MODEL.min)},
          ${num(SEED_ENGAGEMENT_MODEL.median)} * exp(${num(SEED_ENGAGEMENT_MODEL.elasticity)} * ln(followers / ${num(SEED_ENGAGEMENT_MODEL.atFollowers)}.0)
          + ${num(SEED_ENGAGEMENT_MODEL.spread)} * ${sql.raw(networkNormal(3))})))::numeric, 2)::float8 end as engagement
      from measured m
    ),
    -- A data-modifying CTE runs to completion even though the final SELECT does not read it.
    linked as (
      insert into networks (user_id, type, title, identifier, link, followers, posts, reactions, engagement, rating,
        size_class, is_verified, created_at, updated_at)
    select id, type, '@' || ${PREFIX} || n, ${PREFIX} || n,
      case type
        when 'facebook' then 'https://www.facebook.com/' || ${PREFIX} || n
        when 'twitter' then 'https://twitter.com/' || ${PREFIX} || n
        when 'youtube' then 'https://www.youtube.com/@' || ${PREFIX} || n
        when 'instagram' then 'https://www.instagram.com/' || ${PREFIX} || n || '/'
        when 'snapchat' then 'https://www.snapchat.com/add/' || ${PREFIX} || n
        when 'pinterest' then 'https://www.pinterest.com/' || ${PREFIX} || n || '/'
        when 'tumblr' then 'https://' || ${PREFIX} || n || '.tumblr.com'
        else 'https://' || ${PREFIX} || n || '.blog.example' end,
      followers,
      case when not unlinkable then round(exp(ln(60) + ${sql.raw(networkDraw(5))} * ln(4000 / 60.0)))::int end,
      case when not unlinkable then round(followers * engagement / 100)::int end,
      engagement,
      case when unlinkable then null when engagement >= 6 then 5 when engagement >= 3 then 4
        when engagement >= 1.5 then 3 when engagement >= 0.8 then 2 else 1 end,
      case when followers >= ${num(SIZE_THRESHOLDS.big)} then 'big'
        when followers >= ${num(SIZE_THRESHOLDS.medium)} then 'medium'
        else 'small' end,
      not unlinkable and ${sql.raw(networkDraw(6))} < 0.92,
      created_at + (now() - created_at) * ${sql.raw(networkDraw(7))},
      created_at + (now() - created_at) * ${sql.raw(networkDraw(7))}
      from engaged
    )
    select id from inserted`;
  return rowsOf<{ id: number }>(await db.execute(query)).map((row) => row.id);
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: { influencers: { type: "string" }, reset: { type: "boolean", default: false } },
  });
  const target = Number(args.influencers);
  if (!Number.isSafeInteger(target) || target < 0) fail("usage: npm run seed:scale -- --influencers N [--reset]");
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    fail(
      "seed:scale loads millions of rows and needs PostgreSQL: set DATABASE_URL=postgres://... (PGlite is not supported).",
    );
  }

  const handle = await createDb({ url, max: 2 });
  try {
    await timed("migrations", () => migrate(handle));
    const db = handle.db;
    if (args.reset) await timed("reset (delete scale_ influencers)", () => reset(db));
    const existing = await lastIndex(db);
    if (existing >= target) {
      console.log(`${existing} scale influencers already exist; nothing to add.`);
    } else {
      const started = performance.now();
      for (let from = existing + 1; from <= target; from += CHUNK) {
        const to = Math.min(target, from + CHUNK - 1);
        // One transaction per chunk: an interrupted run leaves whole chunks only, and the next run resumes.
        await timed(`influencers ${from}-${to} of ${target}`, () =>
          db.transaction(async (tx) => {
            // JIT compiling these one-off statements costs seconds and saves nothing; sorts fit in memory.
            await tx.execute(sql`set local jit = off`);
            await tx.execute(sql`set local work_mem = '256MB'`);
            await refreshInfluencerSearchColumns(tx, await insertChunk(tx, from, to));
          }),
        );
      }
      console.log(`loaded ${target - existing} influencers in ${seconds(performance.now() - started)}`);
      await timed("analyze", () => db.execute(sql`analyze users, influencer_profiles, networks`));
    }
  } finally {
    await handle.close();
  }
}

await main();
