/**
 * `npx tsx scripts/bench-spread.ts`: what building an object costs on this Node, by the way it is written
 * (docs/performance.md, "Spread first"). On Node 20 a literal that spreads first and then names keys is one to
 * two orders of magnitude slower than the other ways of making the same object, so the request path avoids it.
 */
const shared = {};
/** The request context's shape: the app's dependencies (15 keys), then the request's (5). */
const deps = {
  db: shared,
  clock: shared,
  files: shared,
  mailer: shared,
  payments: shared,
  publicUrl: "http://127.0.0.1",
  rateLimitScale: 1,
  supportEmail: undefined,
  searchIdSecret: "secret",
  networkProviders: shared,
  tokenCipher: shared,
  notificationHub: shared,
  searchCounts: shared,
  searchPages: shared,
  sessionCache: shared,
};

/** Overrides that add keys to deps, as a middleware's `next({ ctx })` may. */
const overrides = [
  { id: 0, viewer: shared },
  { id: 1, viewer: null },
];
/** Overrides of a key deps has. */
const replaced = [{ db: shared }, { db: null }];

const ways: Record<string, (id: number) => { id: number }> = {
  "context: { ...deps, 5 keys }": (id) => ({ ...deps, viewer: null, id, ip: "ip", cookie: shared, origin: "o" }),
  "context: Object.assign({}, deps), then 5 keys": (id) => {
    const context = Object.assign({}, deps) as unknown as Record<string, unknown> & { id: number };
    context.viewer = null;
    context.id = id;
    context.ip = "ip";
    context.cookie = shared;
    context.origin = "o";
    return context;
  },
  "context: { 5 keys, ...deps }": (id) => ({ viewer: null, id, ip: "ip", cookie: shared, origin: "o", ...deps }),
  "message: { ...base, type, text }": (id) => {
    const base = { id, created: shared, sender: null, isMe: false };
    return { ...base, type: "text", text: "hello" };
  },
  "message: Object.assign(base, { type, text })": (id) => {
    const base = { id, created: shared, sender: null, isMe: false };
    return Object.assign(base, { type: "text", text: "hello" });
  },
  "message: written out": (id) => ({ id, created: shared, sender: null, isMe: false, type: "text", text: "hello" }),
  // What call-query.ts does with a middleware's ctx override: two objects that exist, spread.
  "merge: { ...deps, ...override }": (id) => ({ ...deps, ...overrides[id & 1] }) as { id: number },
  "merge: Object.assign({}, deps, override)": (id) => Object.assign({}, deps, overrides[id & 1]) as { id: number },
  "merge, a key of deps: { ...deps, ...override }": (id) =>
    ({ ...deps, ...replaced[id & 1] }) as unknown as { id: number },
};

const CALLS = 500_000;
let sink = 0;
for (const round of [1, 2]) {
  for (const [name, make] of Object.entries(ways)) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) sink += make(i).id;
    const ns = ((performance.now() - started) * 1e6) / CALLS;
    if (round === 2) console.log(`${name.padEnd(48)} ${ns.toFixed(0).padStart(6)} ns`);
  }
}
if (sink < 0) console.log(sink);
