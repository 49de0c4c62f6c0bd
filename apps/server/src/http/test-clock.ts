import { type Clock, isOffsetClock } from "@market/api";
import { DAY_MS } from "@market/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { failure, success } from "../rest/envelope";

/** A jump longer than a year is no test of ours: more likely a unit mistaken (seconds for ms, or a date). */
const MAX_ADVANCE_MS = 366 * DAY_MS;

/** Exactly one of the two: a jump forward, or back to real time. */
const body = z
  .strictObject({
    advanceMs: z.number().int().positive().max(MAX_ADVANCE_MS).optional(),
    reset: z.literal(true).optional(),
  })
  .refine((value) => (value.advanceMs === undefined) !== (value.reset === undefined), {
    message: "Give either advanceMs or reset",
  });

/**
 * POST /api/test/clock: `{"advanceMs": n}` moves the server's clock n ms forward (the time every service, sweep and
 * page reads), `{"reset": true}` sets it back to real time; the answer gives the server's time and how far ahead it
 * runs. Forward only, so no test makes time run backwards under a running server, except the reset a spec may do
 * when it is done. Needs the server to run on an offset clock (main.ts gives it one with E2E_TEST_ROUTES=1); on any
 * other clock it answers `409 conflict`. A test route (test-routes.ts).
 */
export async function testClockPlugin(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  app.post("/api/test/clock", async (request, reply) => {
    const { clock } = options;
    if (!isOffsetClock(clock)) return reply.code(409).send(failure("conflict"));
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      return reply.code(400).send(failure("invalid", issues));
    }
    if (parsed.data.advanceMs !== undefined) clock.advance(parsed.data.advanceMs);
    else clock.reset();
    return success({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  });
}
