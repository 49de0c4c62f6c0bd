import { type CallerFactory, ImpersonationRefused } from "@market/api";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../rest/envelope";
import { toErrorAnswer } from "../rest/errors";
import { backLinkOf, FAILURE_TEXT, refusalText, renderAdminLoginPage } from "./admin-login-page";
import { WRITING_GET } from "./may-write";
import type { RequestInfoOf } from "./request-info";

export interface AdminLoginOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/** A browser navigating (it asks for HTML) gets a page; any other client the envelope. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: ImpersonationRefused | null) {
  reply.code(404);
  if (!wantsHtml(request)) return reply.send(failure("not_found"));
  const back = backLinkOf(request.headers.referer, `${request.protocol}://${request.host}`, request.url);
  return reply.type("text/html; charset=utf-8").send(renderAdminLoginPage(refusalText(refusal?.refusal ?? null), back));
}

/**
 * GET /admin/login?u=i&id={id} (spec section 2): an admin opens it in the browser to act as the user, and
 * lands on the user's home. Anyone else, any bad query and any unknown user get the plain not_found of an
 * unknown path, so the feature does not show. The link may be followed from the site itself or typed, never
 * from another site: a cross-site navigation could otherwise swap the admin's session. A browser gets the
 * refusal as a page with a way back (admin-login-page.ts), which tells an admin what was wrong with the link.
 */
export async function adminLoginPlugin(app: FastifyInstance, options: AdminLoginOptions): Promise<void> {
  app.get("/admin/login", WRITING_GET, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const fetchSite = request.headers["sec-fetch-site"];
    if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
      return refuse(request, reply, null);
    }
    try {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      await caller.auth.impersonate(request.query);
    } catch (error) {
      if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
        return refuse(request, reply, error.cause instanceof ImpersonationRefused ? error.cause : null);
      }
      const answer = toErrorAnswer(error, request.log);
      reply.code(answer.statusCode);
      if (!wantsHtml(request)) return reply.send(answer.body);
      return reply.type("text/html; charset=utf-8").send(renderAdminLoginPage(FAILURE_TEXT, null));
    }
    return reply.redirect("/", 302);
  });
}
