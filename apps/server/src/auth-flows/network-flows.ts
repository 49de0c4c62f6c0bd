import { type CallerFactory, oauthCallbackPath } from "@market/api";
import { LINKABLE_NETWORKS, type LinkFlowOutcome, networkTabPath } from "@market/contracts";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { WRITING_GET } from "../http/may-write";
import { cookieValue, type RequestInfoOf } from "../http/request-info";
import { success } from "../rest/envelope";
import { untrusted } from "../rest/route";
import { LINK_STATE_COOKIE, linkStateCookie } from "./link-state-cookie";

export interface NetworkFlowOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/**
 * A browser navigation answered with a redirect. The body is the envelope naming the same place, for the clients
 * that do not follow redirects (every answer of the server is the envelope).
 */
function redirect(reply: FastifyReply, location: string) {
  return reply.code(302).header("location", location).header("cache-control", "no-store").send(success({ location }));
}

/** Where a refused or failed flow goes: a visitor to log in, a brand home, an influencer back to the tab. */
function refusalLocation(request: FastifyRequest, error: unknown): string {
  if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return "/login";
  if (error instanceof TRPCError && error.code === "FORBIDDEN") return "/";
  if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") {
    request.log.error({ err: error }, "network linking flow failed");
  }
  return networkTabPath({ error: "unknown" });
}

const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

/**
 * The browser linking flows of spec section 7 (contracts/networks.ts describes them): `/auth/{network}` starts an
 * OAuth flow (state and PKCE verifier kept server-side for the influencer, the state also in a short-lived
 * HttpOnly cookie) and sends the browser to the provider's consent page; `/auth/{network}/callback` finishes it;
 * `/auth/instagram/verify` checks the bio code; `/auth/instagram/refresh` reads the statistics again. Each ends on
 * the networks tab with `linked`, `refreshed` or `error` (spec section 8). Only an influencer gets that far: a
 * visitor is sent to log in, a brand home.
 */
export async function networkFlowsPlugin(app: FastifyInstance, options: NetworkFlowOptions): Promise<void> {
  const run = async (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: (caller: Awaited<ReturnType<CallerFactory>>) => Promise<LinkFlowOutcome>,
  ) => {
    try {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      const { outcome, next } = await flow(caller);
      return redirect(reply, networkTabPath(outcome, next));
    } catch (error) {
      return redirect(reply, refusalLocation(request, error));
    }
  };

  for (const type of LINKABLE_NETWORKS) {
    app.get(`/auth/${type}`, WRITING_GET, async (request, reply) => {
      try {
        const caller = await options.callerFor(options.requestInfo(request, reply));
        const { url, state } = await caller.networks.startLink(untrusted({ type, next: query(request).next }));
        reply.header("set-cookie", linkStateCookie(request, state));
        return redirect(reply, url);
      } catch (error) {
        return redirect(reply, refusalLocation(request, error));
      }
    });

    app.get(oauthCallbackPath(type), WRITING_GET, (request, reply) => {
      // The state cookie has done its work whatever the outcome.
      reply.header("set-cookie", linkStateCookie(request, null));
      const { code, state, error } = query(request);
      const cookieState = cookieValue(request.headers.cookie, LINK_STATE_COOKIE) ?? undefined;
      return run(request, reply, (caller) =>
        caller.networks.finishLink(untrusted({ type, code, state, error, cookieState })),
      );
    });
  }

  app.get("/auth/instagram/verify", WRITING_GET, (request, reply) =>
    run(request, reply, (caller) =>
      caller.networks.verifyInstagram(untrusted({ data: query(request).data, next: query(request).next })),
    ),
  );

  app.get("/auth/instagram/refresh", WRITING_GET, (request, reply) =>
    run(request, reply, (caller) => caller.networks.refreshInstagram(untrusted({ id: query(request).id }))),
  );
}
