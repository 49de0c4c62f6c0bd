import { type CallerFactory, ImpersonationRefused } from "@market/api";
import { IMPERSONATION_KINDS, impersonationNextPath } from "@market/contracts";
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
 * Where the admin lands once acting as the user: `next` when it is a path of the user's own tree (the console's
 * "Open as the brand" from a deal or a case names the campaign or the application), else the user's home. An
 * invalid `next` (another site, //host, a backslash, the console) is not followed: the admin lands home.
 */
function landingOf(query: unknown): string {
  const { u, next } = (query ?? {}) as { u?: unknown; next?: unknown };
  if (u !== "i" && u !== "b") return "/";
  return impersonationNextPath(IMPERSONATION_KINDS[u], next) ?? "/";
}

/**
 * GET /admin/login?u=i&id={id}[&next={path}] (spec section 2): an admin opens it in the browser to act as the user,
 * and lands on the user's home, or on `next` (landingOf). Anyone else, any bad query and any unknown user get the plain not_found of an
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
    return reply.redirect(landingOf(request.query), 302);
  });
}
