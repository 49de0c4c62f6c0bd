import { type Db, desc, eq, outgoingMail, sql } from "@market/db";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { failure, success } from "../rest/envelope";

const query = z.object({ to: z.string().trim().toLowerCase().min(1).max(254) });

/**
 * GET /api/test/outbox?to={email}: the last mails recorded for an address, newest first, because browser tests
 * cannot read the server's embedded database. A mail is recorded (queued) with the write that causes it; `sentAt`
 * says when the mail job delivered it (null until then). A test route (test-routes.ts).
 */
export async function testOutboxPlugin(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get("/api/test/outbox", async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send(failure("invalid"));
    const mails = await options.db
      .select({
        to: outgoingMail.to,
        subject: outgoingMail.subject,
        text: outgoingMail.text,
        createdAt: outgoingMail.createdAt,
        sentAt: outgoingMail.sentAt,
      })
      .from(outgoingMail)
      .where(eq(sql`lower(${outgoingMail.to})`, parsed.data.to))
      .orderBy(desc(outgoingMail.id))
      .limit(10);
    return success(mails);
  });
}
