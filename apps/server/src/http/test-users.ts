import { type Clock, createTestUser, testUserInput } from "@market/api";
import type { Db } from "@market/db";
import type { FastifyInstance } from "fastify";
import { failure, success } from "../rest/envelope";
import type { RequestInfoOf } from "./request-info";

/**
 * POST /api/test/users: a fresh account of the kind asked (brand, influencer or admin, with the extras of
 * testUserInput) signed in at once; the answer sets its session cookie and gives its name, email and password.
 * Browser tests log in through it instead of sharing the demo accounts. A test route (test-routes.ts).
 */
export async function testUsersPlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; requestInfo: RequestInfoOf },
): Promise<void> {
  app.post("/api/test/users", async (request, reply) => {
    const parsed = testUserInput.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      return reply.code(400).send(failure("invalid", issues));
    }
    const { user, session } = await createTestUser(options, parsed.data);
    options.requestInfo(request, reply).sessionCookie.set(session.token, session.expiresAt);
    return success(user);
  });
}
