import type { CallerFactory } from "@market/api";
import type { FastifyInstance } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { success } from "./envelope";
import type { RestRoute } from "./route";

export interface RestPluginOptions {
  routes: RestRoute[];
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/** Registers the REST shims: each answers the envelope, errors included (the root's error handler). */
export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  for (const route of options.routes) {
    app.route({
      method: route.method,
      url: route.path,
      config: { reads: route.reads === true },
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
