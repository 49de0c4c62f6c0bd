import { z } from "zod";

/** The one place the server reads its environment; everything else receives typed config. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** PostgreSQL URL; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  /** Seeds the demo marketplace into an empty database; on by default for the embedded database only. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Folder of the built web app; when it exists the server serves it with an SPA fallback. */
  WEB_DIST: z.string().optional(),
  MIGRATIONS_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export function shouldSeedDemo(env: Env): boolean {
  return env.SEED_DEMO ? env.SEED_DEMO === "true" : env.DATABASE_URL === undefined;
}
