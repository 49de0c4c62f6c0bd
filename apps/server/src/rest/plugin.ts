import type { CallerFactory } from "@market/api";
import type { FastifyInstance } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { success } from "./envelope";
import { toErrorAnswer } from "./errors";
import type { RestRoute } from "./route";

export interface RestPluginOptions {
  routes: RestRoute[];
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/** Registers the REST shims: each answers the envelope, whatever happens. */
export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  // An empty body is a call without payload, not malformed JSON.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error("Malformed JSON body"), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error, request.log);
    return reply.code(answer.statusCode).send(answer.body);
  });

  for (const route of options.routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const caller = await options.callerFor(options.requestInfo(request, reply));
        const data = await route.call(caller, {
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          body: request.body,
        });
        return success(data ?? null);
      },
    });
  }
}
