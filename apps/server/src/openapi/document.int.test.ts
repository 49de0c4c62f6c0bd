import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { routeTableOf } from "../http/route-table";
import { restRoutes } from "../rest/routes";
import { useTestApp } from "../testing/test-app";
import { buildOpenApiDocument, openApiPath } from "./document";
import type { JsonSchema } from "./json-schema";
import { OPERATIONS } from "./operations";

const server = useTestApp();
const reference = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");

/** What the document calls a REST route: under /api and /admin/api (the browser tests' /api/test aside), and every route of the REST table (the Instagram code is under /auth). */
const isRest = (url: string) => /^\/(admin\/)?api\//.test(url) && !url.startsWith("/api/test/");

const operationsOf = (document: ReturnType<typeof buildOpenApiDocument>) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe("the OpenAPI document", () => {
  it("has every REST route the server registers, and no operation the server does not serve", async () => {
    const response = await server.app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const documented = new Set(operationsOf(response.json()));
    const registered = new Set([
      ...routeTableOf(server.app)
        .filter((route) => isRest(route.url))
        .map((route) => `${route.method} ${openApiPath(route.url)}`),
      ...restRoutes.map((route) => `${route.method} ${openApiPath(route.path)}`),
    ]);
    expect({
      registeredNotDocumented: [...registered].filter((operation) => !documented.has(operation)),
      documentedNotRegistered: [...documented].filter((operation) => !registered.has(operation)),
    }).toEqual({ registeredNotDocumented: [], documentedNotRegistered: [] });
  });

  it("keeps no row in operations.ts for a route that is gone", () => {
    const routes = new Set(restRoutes.map((route) => `${route.method} ${openApiPath(route.path)}`));
    expect(Object.keys(OPERATIONS).filter((key) => !routes.has(key))).toEqual([]);
  });

  it("is public and computed once: the same text to a visitor, every time, without a session read", async () => {
    const first = await server.app.inject({ url: "/api/openapi.json" });
    const second = await server.app.inject({ url: "/api/openapi.json" });
    expect(first.headers["content-type"]).toContain("application/json");
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject({ openapi: "3.1.0", info: { title: "Influence Market REST API" } });
  });

  it("describes each path's input from its procedure's own schema: path, query and body as the shim maps them", () => {
    const document = buildOpenApiDocument(restRoutes);
    const chatPage = document.paths["/api/applications/{id}/messages"]?.get as Record<string, unknown>;
    expect((chatPage.parameters as { name: string; in: string }[]).map(({ name, in: at }) => `${at}:${name}`)).toEqual([
      "path:id",
      "query:before",
    ]);
    const send = document.paths["/api/applications/{id}/messages"]?.post as Record<string, unknown>;
    expect(send.requestBody).toMatchObject({
      required: true,
      content: {
        "application/json": { schema: { properties: { text: { minLength: 1, maxLength: 5000 } }, required: ["text"] } },
      },
    });
    // The path's id is not the body's to send; a route's fixed decision (ok / ko) is nobody's.
    expect(JSON.stringify(send.requestBody)).not.toContain('"id"');
    const review = document.paths["/admin/api/deals/{id}/ok"]?.post as Record<string, unknown>;
    expect(review.requestBody).toBeUndefined();
    const list = document.paths["/api/applications"]?.get as Record<string, unknown>;
    expect((list.parameters as { name: string }[]).map(({ name }) => name)).toEqual([
      "status",
      "sort",
      "query",
      "cursor",
    ]);
    const update = document.paths["/api/campaigns/{id}"]?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(update.requestBody.content["application/json"]?.schema.required).toContain("title");
  });

  it("wraps each answer in the envelope and names every refusal's reasons by status", () => {
    const document = buildOpenApiDocument(restRoutes);
    const page = document.paths["/api/applications/{id}"]?.get as { responses: Record<string, unknown> };
    expect(page.responses["200"]).toMatchObject({
      content: {
        "application/json": { schema: { properties: { data: { $ref: "#/components/schemas/ApplicationPage" } } } },
      },
    });
    expect(page.responses["404"]).toEqual({ $ref: "#/components/responses/Status404" });
    const components = document.components as { responses: Record<string, { description: string }> };
    expect(components.responses.Status409?.description).toContain("chat_disabled");
    const statement = document.paths["/api/earnings/statement.csv"]?.get as {
      responses: Record<string, { content: object }>;
    };
    expect(Object.keys(statement.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
  });

  it("describes every JSON answer by a component: no operation answers an unnamed `data`", () => {
    const document = buildOpenApiDocument(restRoutes);
    const components = (document.components as { schemas: Record<string, unknown> }).schemas;
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => {
        const ok = (operation.responses as Record<string, { content?: Record<string, { schema: JsonSchema }> }>)["200"];
        const envelope = ok?.content?.["application/json"]?.schema;
        // The document itself is JSON outside the envelope.
        if (!envelope || path === "/api/openapi.json") return [];
        const data = (envelope.properties as Record<string, { $ref?: string }> | undefined)?.data;
        const name = data?.$ref?.replace("#/components/schemas/", "");
        return name && name in components ? [] : [`${method.toUpperCase()} ${path}`];
      }),
    );
    expect(undescribed).toEqual([]);
    expect(Object.keys(components)).not.toContain("Undescribed");
  });

  it("serves a readable reference page with every path, no script and no outside asset", async () => {
    const response = await server.app.inject({ url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    for (const path of Object.keys(buildOpenApiDocument(restRoutes).paths)) expect(html).toContain(path);
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
  });
});

/** The request examples of docs/api.md: ```json blocks whose info string names the operation (`json POST /api/…`). */
function referenceExamples(): { operation: string; body: unknown }[] {
  return [...reference.matchAll(/```json ((?:GET|POST) \S+)\n([\s\S]*?)```/g)].map(([, operation = "", body = ""]) => ({
    operation,
    body: JSON.parse(body),
  }));
}

describe("docs/api.md's request examples", () => {
  const document = buildOpenApiDocument(restRoutes);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const examples = referenceExamples();

  it("are there", () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });

  it.each(examples.map((example) => [example.operation, example] as const))(
    "%s validates against the document",
    (_name, example) => {
      const [method = "", path = ""] = example.operation.split(" ");
      const operation = document.paths[path]?.[method.toLowerCase()] as
        | { requestBody?: { content: Record<string, { schema: object }> } }
        | undefined;
      expect(operation, `${example.operation} is not in the document`).toBeDefined();
      const schema = operation?.requestBody?.content["application/json"]?.schema;
      expect(schema, `${example.operation} takes no JSON body`).toBeDefined();
      const validate = ajv.compile(schema ?? {});
      expect(validate(example.body), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it("a body the document refuses is refused by the check (the check is not a rubber stamp)", () => {
    const operation = document.paths["/api/applications/{id}/messages"]?.post as {
      requestBody: { content: Record<string, { schema: object }> };
    };
    const validate = ajv.compile(operation.requestBody.content["application/json"]?.schema ?? {});
    expect(validate({ text: "" })).toBe(false);
    expect(validate({})).toBe(false);
  });
});
