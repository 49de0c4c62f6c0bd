import type { Clock, PayoutProviders, SweepDeps } from "@market/api";
import type { Db } from "@market/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { failure } from "../rest/envelope";
import { csrfGuard } from "./csrf";
import type { RequestInfoOf } from "./request-info";
import { testClockPlugin } from "./test-clock";
import { testOutboxPlugin } from "./test-outbox";
import { testPayoutsPlugin } from "./test-payouts";
import { testSweepsPlugin } from "./test-sweeps";
import { testUsersPlugin } from "./test-users";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Whether the request comes from this machine (request.ip already resolves trusted loopback proxies). */
const fromLoopback = (request: FastifyRequest) => LOOPBACK.has(request.ip);

/**
 * The routes only the browser tests use, under /api/test: GET /api/test/outbox reads the mails the server recorded
 * (the tests cannot reach its embedded database), POST /api/test/users makes a signed-in account, POST
 * /api/test/clock moves the server's clock forward, POST /api/test/sweeps runs the lifecycle sweeps and the payout worker
 * now, and POST /api/test/payouts puts a payout of an influencer in the console's queue (failed, stuck). They can
 * create an admin, so they exist only when E2E_TEST_ROUTES=1 (scripts/e2e.mjs), which the server accepts only
 * outside production while it listens on a loopback address, and even then they answer only requests from this
 * machine; to anyone else, as on any other server, the paths do not exist.
 */
export async function testRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    requestInfo: RequestInfoOf;
    sweepDeps: SweepDeps;
    payoutProviders?: PayoutProviders | undefined;
  },
): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    if (!fromLoopback(request)) await reply.code(404).send(failure("not_found"));
  });
  app.addHook("onRequest", csrfGuard);
  await app.register(testOutboxPlugin, { db: options.db });
  await app.register(testUsersPlugin, options);
  await app.register(testClockPlugin, { clock: options.clock });
  await app.register(testSweepsPlugin, { sweepDeps: options.sweepDeps, payoutProviders: options.payoutProviders });
  await app.register(testPayoutsPlugin, { sweepDeps: options.sweepDeps });
}
