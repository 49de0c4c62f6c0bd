import { type Db, sql } from "@market/db";
import type { FastifyPluginAsync } from "fastify";
import type { Readiness } from "../lifecycle/readiness";
import { failure, success } from "../rest/envelope";

export interface ProbesOptions {
  db: Db;
  readiness: Readiness;
}

/**
 * The probes (docs/api.md, "Outside the envelope"): GET /health (the database answers), GET /livez (the process
 * answers: a restart is the cure only when this fails) and GET /readyz (send it traffic: database, LISTEN,
 * migrations, not draining). Probes are never cached.
 */
export const probesPlugin: FastifyPluginAsync<ProbesOptions> = async (app, { db, readiness }) => {
  app.get("/health", async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return success({ db: "ok" });
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return reply.code(503).send(failure("generic"));
    }
  });

  app.get("/livez", async (_request, reply) => reply.header("cache-control", "no-store").send({ live: true }));

  app.get("/readyz", async (_request, reply) => {
    const { ready, checks } = await readiness.check();
    const failed = Object.entries(checks)
      .filter(([, result]) => result === "failed")
      .map(([name]) => name);
    return reply
      .code(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ ready, checks, ...(ready ? {} : { failed }) });
  });
};
