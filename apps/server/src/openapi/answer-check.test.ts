import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { answerSchemaOf, checkAnswersAgainstDocument } from "./answer-check";

/** An app answering GET /api/balance with `data`, its answers held to the document. */
async function balanceAnswering(data: unknown, status = 200) {
  const app = Fastify();
  const mismatches = checkAnswersAgainstDocument(app);
  app.get("/api/balance", async (_request, reply) => reply.code(status).send({ status: "success", data }));
  await app.inject({ url: "/api/balance" });
  await app.close();
  return mismatches;
}

describe("answers held to the document", () => {
  it("passes an answer of the documented shape", async () => {
    expect(await balanceAnswering({ balanceCents: 1200 })).toEqual([]);
  });

  it("records an answer off its schema, naming the path and the field", async () => {
    const mismatches = await balanceAnswering({ balanceCents: "12.00" });
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toContain("GET /api/balance");
    expect(mismatches[0]).toContain("balanceCents");
  });

  it("leaves refusals and files be, and holds every JSON answer to a schema", async () => {
    expect(await balanceAnswering({ wrong: true }, 403)).toEqual([]);
    expect(answerSchemaOf("GET", "/api/earnings/statement.csv")).toBeUndefined();
    expect(answerSchemaOf("GET", "/api/settings")).toBeDefined();
    expect(answerSchemaOf("POST", "/api/picture")).toBeDefined();
    expect(answerSchemaOf("GET", "/api/applications/:id")).toBeDefined();
  });
});
