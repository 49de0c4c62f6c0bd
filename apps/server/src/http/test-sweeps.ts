import { LIFECYCLE_SWEEPS, type PayoutProviders, runSweeps, type SweepDeps, sweepPayouts } from "@market/api";
import type { FastifyInstance } from "fastify";
import { failure, success } from "../rest/envelope";

/**
 * POST /api/test/sweeps: runs the lifecycle sweeps once, now (expired proposals, due releases, the brand's
 * reminders), as the `lifecycle` job does each minute (jobs/), then the payout worker's pass once (`payouts`: sends
 * the requested payouts, records the outcome of the sent ones that are due a look, as the payout jobs do one by
 * one), on the server's (test) clock, so a browser test that moved the clock sees their effect at once. The
 * answer counts what each changed; a failed sweep (logged as the jobs' are) answers `500 generic` naming it, so a
 * test fails there rather than on a page that never changes. No body. A test route (test-routes.ts).
 */
export async function testSweepsPlugin(
  app: FastifyInstance,
  options: { sweepDeps: SweepDeps; payoutProviders?: PayoutProviders | undefined },
): Promise<void> {
  const { payoutProviders } = options;
  const sweeps = payoutProviders
    ? { ...LIFECYCLE_SWEEPS, payouts: (deps: SweepDeps) => sweepPayouts({ ...deps, payoutProviders }) }
    : LIFECYCLE_SWEEPS;
  app.post("/api/test/sweeps", async (request, reply) => {
    const body = request.body;
    if (body !== undefined && body !== null && !(typeof body === "object" && Object.keys(body).length === 0)) {
      return reply.code(400).send(failure("invalid"));
    }
    const outcomes = await runSweeps(options.sweepDeps, sweeps, { label: "lifecycle (test)" });
    const failed = Object.entries(outcomes).flatMap(([name, outcome]) => (outcome.ok ? [] : [name]));
    if (failed.length > 0) return reply.code(500).send({ ...failure("generic"), failed });
    const counts = Object.fromEntries(
      Object.entries(outcomes).map(([name, outcome]) => [name, outcome.ok ? outcome.count : 0]),
    );
    return success(counts);
  });
}
