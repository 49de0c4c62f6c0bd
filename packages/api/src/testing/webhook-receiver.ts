import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers a path: a status (and a Location for a redirect), or never (a hung receiver). */
export type ReceiverAnswer = { status: number; location?: string; body?: string } | "hang";

/**
 * A webhook receiver on loopback for the tests: records every request and answers each path as told (200 when not
 * told). Close it at the test's end.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, ReceiverAnswer>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.get(path) ?? { status: 200 };
      if (answer === "hang") return;
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer(path: string, answer: ReceiverAnswer) {
      answers.set(path, answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
