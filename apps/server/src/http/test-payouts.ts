import { createTestPayout, type SweepDeps, testPayoutInput } from "@market/api";
import type { FastifyInstance } from "fastify";
import { failure, success } from "../rest/envelope";
import { toErrorAnswer } from "../rest/errors";

/**
 * POST /api/test/payouts `{"influencerId": n, "state": "failed" | "stuck", "amountCents"?: n}`: a payout of the
 * influencer's balance in that state of the console's payouts queue (createTestPayout), so a browser test of the
 * queue acts on a payout of its own rather than on the demo's. Answers `{ id }`; an unknown influencer is
 * not_found, an amount above the balance not_enough_earnings, each with the status the product gives it. A test
 * route (test-routes.ts).
 */
export async function testPayoutsPlugin(app: FastifyInstance, options: { sweepDeps: SweepDeps }): Promise<void> {
  app.post("/api/test/payouts", async (request, reply) => {
    const parsed = testPayoutInput.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      return reply.code(400).send(failure("invalid", issues));
    }
    const { db, clock, tokenCipher } = options.sweepDeps;
    if (!tokenCipher) return reply.code(409).send(failure("conflict"));
    try {
      return success(await createTestPayout({ db, clock, tokenCipher }, parsed.data));
    } catch (error) {
      const answer = toErrorAnswer(error, request.log);
      return reply.code(answer.statusCode).send(answer.body);
    }
  });
}
