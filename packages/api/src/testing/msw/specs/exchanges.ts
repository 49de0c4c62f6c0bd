import type { SetupServer } from "msw/node";

/** One request a fake answered and its answer, as the adapter sent and received them. */
export interface Exchange {
  method: string;
  url: URL;
  requestBody: string;
  status: number;
  responseBody: string;
}

/**
 * Records every request msw's handlers answer from now until `stop()`, with both bodies (read from clones, so the
 * adapter and the fake read theirs as usual): what a spec test then checks against the provider's description.
 */
export function recordExchanges(server: SetupServer) {
  const requests = new Map<string, Promise<string>>();
  const pending: Promise<Exchange>[] = [];
  const onStart = ({ request, requestId }: { request: Request; requestId: string }) => {
    requests.set(requestId, request.clone().text());
  };
  const onMocked = ({ request, requestId, response }: { request: Request; requestId: string; response: Response }) => {
    const answer = response.clone();
    pending.push(
      (async () => ({
        method: request.method,
        url: new URL(request.url),
        requestBody: (await requests.get(requestId)) ?? "",
        status: answer.status,
        responseBody: await answer.text(),
      }))(),
    );
  };
  server.events.on("request:start", onStart);
  server.events.on("response:mocked", onMocked);
  return {
    /** Stops recording and answers the exchanges, in the order they were answered. */
    async stop(): Promise<Exchange[]> {
      server.events.removeListener("request:start", onStart);
      server.events.removeListener("response:mocked", onMocked);
      return Promise.all(pending);
    },
  };
}
