import type { CallerFactory } from "@market/api";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance } from "fastify";
import { failure } from "../rest/envelope";
import { toErrorAnswer } from "../rest/errors";
import { untrusted } from "../rest/route";
import type { RequestInfoOf } from "./request-info";

export interface AdminLoginOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/**
 * GET /admin/login?u=i&id={id} (spec section 2): an admin opens it in the browser to act as the user, and
 * lands on the user's home. Anyone else, any bad query and any unknown user get the plain not_found of an
 * unknown path, so the feature does not show. The link may be followed from the site itself or typed, never
 * from another site: a cross-site navigation could otherwise swap the admin's session.
 */
export async function adminLoginPlugin(app: FastifyInstance, options: AdminLoginOptions): Promise<void> {
  app.get("/admin/login", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const fetchSite = request.headers["sec-fetch-site"];
    if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
      return reply.code(404).send(failure("not_found"));
    }
    try {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      await caller.auth.impersonate(untrusted(request.query));
    } catch (error) {
      if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
        return reply.code(404).send(failure("not_found"));
      }
      const answer = toErrorAnswer(error, request.log);
      return reply.code(answer.statusCode).send(answer.body);
    }
    return reply.redirect("/", 302);
  });
}
