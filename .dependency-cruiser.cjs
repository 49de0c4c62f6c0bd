/**
 * The import rules of the codebase, checked by `npm run lint` (dependency-cruiser): which package may import which,
 * which area of the services may use which, no cycles, no transport in services, no Node built-in in the web app,
 * and every package declaring what it imports. Biome's rules (biome.json, lint/*.grit) hold what is inside a file
 * (types-only imports of the API in the web, process.env, notify()); this file holds the graph.
 * scripts/dependency-rules.test.ts plants an import that breaks each rule and sees it refused.
 */

/** What each workspace's source may import of the others (its own code aside). */
const PACKAGE_EDGES = {
  "packages/contracts": [],
  "packages/db": ["packages/contracts"],
  "packages/api": ["packages/contracts", "packages/db"],
  "packages/sdk": ["packages/api", "packages/contracts"],
  "apps/server": ["packages/api", "packages/contracts", "packages/db"],
  // Types only from the API: biome's web-imports-api-types-only rule.
  "apps/web": ["packages/api", "packages/contracts"],
};

/** What a workspace's tests may import besides: the server's tests call it through the SDK, as a script would. */
const TEST_EDGES = {
  "apps/server": ["packages/sdk"],
};

/**
 * The areas of packages/api/src/services and the other areas each may import (tests and testing/ folders aside).
 * A new edge is a decision: add it here, where a reviewer sees it. The pairs that use each other (applications with
 * chat, deals, notifications and support; auth with notifications) are the lifecycle's collaborators: the runner
 * posts chat lines and notifications, and those read the application they belong to.
 */
const AREA_EDGES = {
  account: ["files", "ledger"],
  admin: ["applications", "ledger", "payments"],
  // deliveries and networks: work done stores the delivery and checks its posts through the networks' verifiers.
  applications: [
    "account",
    "chat",
    "deals",
    "deliveries",
    "files",
    "ledger",
    "mail",
    "networks",
    "notifications",
    // reviews (issue 40): the brand's feedback is published with the influencer's review (double blind).
    "reviews",
    "support",
  ],
  auth: ["admin", "mail", "notifications"],
  // A brand's profile (issue 40) lists its open campaigns by the deal search's own rule (listable).
  // The profile carries the first page of its published reviews.
  brands: ["deals", "reviews"],
  chat: ["account", "applications", "auth", "files", "notifications"],
  // The operator's console (issue 36) reads and acts across the marketplace; nothing imports it back.
  console: [
    "account",
    "admin",
    "applications",
    "auth",
    "chat",
    "deals",
    // The delivered posts and their checks on a case's page (issue 37).
    "deliveries",
    "earnings",
    "files",
    "influencers",
    "ledger",
    "mail",
    "notifications",
    "payments",
    "payouts",
  ],
  deals: ["admin", "applications", "files", "mail", "notifications"],
  // Delivery with proof (issue 37): the posts' check reads the linked network's sealed token and calls its API.
  deliveries: ["files", "networks"],
  // payouts (networks: its token cipher's type): the browser tests' queued payouts (test-payout.ts) are written by the
  // payout services themselves, as the product writes payouts.
  e2e: ["auth", "deals", "networks", "payouts"],
  earnings: ["ledger"],
  files: [],
  // auth, chat and mail: a flag's appeal (issue 36) is throttled and its files judged as chat files are; the flagged
  // influencer is mailed.
  influencers: ["admin", "applications", "auth", "chat", "files", "mail", "networks", "notifications"],
  ledger: [],
  mail: [],
  maintenance: ["applications", "auth", "deliveries", "files", "mail", "networks", "notifications"],
  // deliveries: the providers carry the post verifiers' port and the sandbox's catalogue.
  networks: ["auth", "deliveries"],
  // webhooks: notify() writes the webhook deliveries its notifications stand for (issue 39), in their transaction.
  // api-keys: a socket opened with a key stands on the key as others on their session (session-watch.ts).
  notifications: ["account", "api-keys", "applications", "auth", "files", "mail", "webhooks"],
  onboarding: [],
  payments: ["applications", "auth", "ledger"],
  // networks: the token cipher, which seals a Wise payout's bank account as it seals network tokens.
  payouts: ["auth", "ledger", "mail", "maintenance", "networks", "notifications"],
  // Receipts (issue 40) print the hires' and payouts' figures as their screens compute them, and the support mailbox.
  receipts: ["earnings", "payouts", "support"],
  // Reviews both ways (issue 40): the application's parties and release, the profiles' names, the console's keyset.
  reviews: ["account", "applications", "console", "files", "influencers", "notifications"],
  settings: ["files"],
  support: ["applications", "auth", "mail", "notifications"],
  // networks: the token cipher that seals the endpoints' signing secrets.
  // mail: an endpoint paused after failing deliveries mails its owner (issue 39 point 5).
  webhooks: ["mail", "networks"],
};

const TESTS = "\\.test\\.tsx?$|/testing/";
const SERVICES = "^packages/api/src/services/";
const any = (paths) => `^(${paths.join("|")})/`;

const packageRule = (name, from, allowed) => ({
  name,
  comment: `${name} imports of our workspaces only ${allowed.length ? allowed.join(", ") : "nothing"}.`,
  severity: "error",
  from,
  to: { path: "^(packages|apps)/", pathNot: any(allowed) },
});

const packageRules = Object.entries(PACKAGE_EDGES).flatMap(([from, allowed]) => {
  const own = [from, ...allowed];
  const tests = TEST_EDGES[from];
  if (!tests) return [packageRule(`package:${from}`, { path: `^${from}/` }, own)];
  return [
    packageRule(`package:${from}`, { path: `^${from}/`, pathNot: TESTS }, own),
    packageRule(`package:${from}:tests`, { path: `^${from}/.*(${TESTS})` }, [...own, ...tests]),
  ];
});

const areaRules = Object.entries(AREA_EDGES).map(([area, allowed]) => ({
  name: `area:${area}`,
  comment: `services/${area} uses only ${allowed.length ? allowed.join(", ") : "no other area"} (AREA_EDGES).`,
  severity: "error",
  from: { path: `${SERVICES}${area}/`, pathNot: TESTS },
  to: {
    path: `${SERVICES}[^/]+/`,
    pathNot: any([area, ...allowed].map((name) => `packages/api/src/services/${name}`)),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle of imports, types included: move what both sides need into a module of its own.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "undeclared",
      comment: "Every package declares what it imports in its own package.json (a hoisted module is not one).",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "unresolvable",
      comment: "An import that resolves to nothing.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "services-know-no-transport",
      comment:
        "Services refuse with fail(reason) (packages/api/src/errors.ts); only the edges (trpc-errors.ts, the server) know tRPC and Fastify.",
      severity: "error",
      from: { path: SERVICES, pathNot: TESTS },
      to: { path: "(^|/)node_modules/(@trpc/|fastify/|@fastify/)" },
    },
    {
      name: "web-no-node",
      comment: "The web app runs in the browser: no Node built-in module.",
      severity: "error",
      from: { path: "^apps/web/src/" },
      to: { dependencyTypes: ["core"] },
    },
    ...packageRules,
    ...areaRules,
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // Our builds and data, not a library's dist (which is what an import of it resolves to).
    exclude: { path: "^(apps|packages)/[^/]+/(dist|\\.data|\\.turbo)/|\\.gen\\.ts$" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      // .d.ts: the REST client's generated types (packages/sdk/src/openapi/schema.d.ts), imported as types only.
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
