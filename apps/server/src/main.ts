import { resolve } from "node:path";
import { hashPassword, systemClock } from "@market/api";
import { createDb, migrate } from "@market/db";
import { seedDemoIfEmpty } from "@market/db/seed";
import { buildApp } from "./app";
import { loadEnv, shouldSeedDemo } from "./env";

const env = loadEnv();
const handle = await createDb(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR, "pglite") },
);
await migrate(handle, { migrationsFolder: env.MIGRATIONS_DIR });

const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  logger: { level: env.LOG_LEVEL },
  webDist: resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
});
app.addHook("onClose", async () => handle.close());

if (shouldSeedDemo(env)) {
  const seeded = await seedDemoIfEmpty(handle.db, { hashPassword });
  if (seeded) app.log.info(seeded.summary, "demo marketplace seeded");
  for (const login of seeded?.logins ?? []) app.log.info(`demo ${login.role}: ${login.email} / ${login.password}`);
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
