import Fastify, { type FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayWrite, WRITING_GET } from "./may-write";

/** What mayWrite said of each request, by its method and URL. */
const said = new Map<string, boolean>();
const app = Fastify();

beforeAll(async () => {
  app.addHook("onSend", async (request: FastifyRequest) => {
    said.set(`${request.method} ${request.url}`, mayWrite(request));
  });
  const answer = async () => ({ ok: true });
  app.get("/api/read", answer);
  app.get("/auth/youtube/callback", WRITING_GET, answer);
  app.get("/auth/sandbox/youtube", answer);
  app.post("/api/write", answer);
  app.post("/api/search", { config: { reads: true } }, answer);
  await app.ready();
});
afterAll(() => app.close());

async function mayHaveWritten(method: "GET" | "HEAD" | "POST", url: string): Promise<boolean | undefined> {
  await app.inject({ method, url });
  return said.get(`${method} ${url}`);
}

describe("mayWrite", () => {
  it("takes a GET or HEAD for a read unless its route says it writes, whatever its path", async () => {
    expect(await mayHaveWritten("GET", "/api/read")).toBe(false);
    expect(await mayHaveWritten("HEAD", "/api/read")).toBe(false);
    expect(await mayHaveWritten("GET", "/auth/sandbox/youtube")).toBe(false);
    expect(await mayHaveWritten("GET", "/auth/youtube/callback")).toBe(true);
    // Fastify's HEAD route of a GET shares its config.
    expect(await mayHaveWritten("HEAD", "/auth/youtube/callback")).toBe(true);
    expect(await mayHaveWritten("GET", "/no/such/path")).toBe(false);
  });

  it("takes any other method for a write unless its route only reads", async () => {
    expect(await mayHaveWritten("POST", "/api/write")).toBe(true);
    expect(await mayHaveWritten("POST", "/api/search")).toBe(false);
    expect(await mayHaveWritten("POST", "/no/such/path")).toBe(true);
  });
});
