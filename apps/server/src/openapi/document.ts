import { appRouter } from "@market/api";
import { REASON_STATUS, REASONS, type Reason } from "@market/contracts";
import type { z } from "zod";
import type { RestRoute } from "../rest/route";
import {
  answerComponents,
  answerSchema,
  inputSchema,
  type JsonSchema,
  propertiesOf,
  requiresBody,
  withoutProperties,
} from "./json-schema";
import { OPERATIONS, TAGS } from "./operations";
import { OTHER_OPERATIONS, type OtherOperation } from "./other-operations";
import { shapeOf } from "./route-shape";

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
type Operation = Record<string, unknown>;

/** `/api/deals/:id` as OpenAPI (and docs/api.md) writes it: `/api/deals/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The zod schema a procedure parses its input with (the first `.input()`), or none for a procedure without input. */
export function procedureInput(path: string): z.ZodType | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
  const procedure = procedures[path];
  if (!procedure) throw new Error(`openapi: no procedure ${path}`);
  return procedure._def.inputs[0] as z.ZodType | undefined;
}

/** The envelope around an answer's data (rest/envelope.ts). */
const success = (data: JsonSchema): JsonSchema => ({
  type: "object",
  properties: { status: { const: "success" }, data },
  required: ["status", "data"],
});

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** Each status a reason answers, with the reasons that answer it (REASON_STATUS). */
function reasonsByStatus(): Map<number, Reason[]> {
  const byStatus = new Map<number, Reason[]>();
  for (const reason of REASONS) {
    const status = REASON_STATUS[reason];
    byStatus.set(status, [...(byStatus.get(status) ?? []), reason]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The refusals every operation may answer: one response per status, naming its reasons. */
function errorResponses(): { components: Record<string, unknown>; refs: Record<string, unknown> } {
  const components: Record<string, unknown> = {};
  const refs: Record<string, unknown> = {};
  for (const [status, reasons] of reasonsByStatus()) {
    components[`Status${status}`] = {
      description: `Refused: ${reasons.join(", ")}`,
      content: json({
        allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { reason: { enum: reasons } } }],
      }),
    };
    refs[String(status)] = { $ref: `#/components/responses/Status${status}` };
  }
  return { components, refs };
}

function successResponse(schema: JsonSchema, description: string) {
  return { "200": { description, content: json(success(schema)) } };
}

/** One REST route's operation: its parameters, query and body from its procedure's schema, as the shim maps them. */
function restOperation(route: RestRoute, errors: Record<string, unknown>): [string, Operation] {
  const key = `${route.method} ${openApiPath(route.path)}`;
  const meta = OPERATIONS[key];
  if (!meta) throw new Error(`openapi: no row in operations.ts for ${key}`);
  const shape = shapeOf(route);
  const input = procedureInput(shape.procedure);
  const schema = input ? inputSchema(input) : { type: "object", properties: {} };
  const { properties, required } = propertiesOf(schema);
  const parameters: Record<string, unknown>[] = [];
  for (const [inputKey, param] of Object.entries(shape.pathKeys)) {
    parameters.push({ name: param, in: "path", required: true, schema: properties[inputKey] ?? { type: "string" } });
  }
  const queryKeys: Record<string, string> = { ...shape.queryKeys };
  if (shape.querySpread) {
    for (const inputKey of Object.keys(properties)) {
      if (!(inputKey in shape.pathKeys) && !shape.fixedKeys.includes(inputKey)) queryKeys[inputKey] = inputKey;
    }
  }
  for (const [inputKey, param] of Object.entries(queryKeys)) {
    parameters.push({
      name: param,
      in: "query",
      required: required.includes(inputKey) && !(inputKey in shape.queryKeys),
      schema: properties[inputKey] ?? {},
    });
  }
  const operation: Operation = {
    operationId: shape.procedure.replaceAll(".", "_") + (shape.fixedKeys.length > 0 ? `_${key.split("/").at(-1)}` : ""),
    summary: meta.summary,
    tags: [meta.tag],
    description: `Calls the procedure \`${shape.procedure}\` (tRPC: /trpc/${shape.procedure}).`,
  };
  if (parameters.length > 0) operation.parameters = parameters;
  const body =
    shape.body.at === "input"
      ? schema
      : shape.body.at === "spread"
        ? withoutProperties(schema, [...Object.keys(shape.pathKeys), ...shape.fixedKeys])
        : shape.body.at === "key"
          ? properties[shape.body.key]
          : undefined;
  if (body) operation.requestBody = { required: requiresBody(body), content: json(body) };
  operation.responses = {
    ...successResponse(answerSchema(meta.answer), "The envelope with the answer"),
    ...errors,
  };
  return [key, operation];
}

/** One path outside the REST table (other-operations.ts). */
function otherOperation(other: OtherOperation, errors: Record<string, unknown>): Operation {
  const operation: Operation = { operationId: operationIdOf(other), summary: other.summary, tags: [other.tag] };
  const parameters: Record<string, unknown>[] = [...other.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^[1-9][0-9]*$" },
  }));
  if (other.queryOf) {
    const input = procedureInput(other.queryOf);
    const { properties, required } = propertiesOf(input ? inputSchema(input) : {});
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: "query", required: required.includes(name), schema });
    }
  }
  if (parameters.length > 0) operation.parameters = parameters;
  if (other.upload) {
    operation.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
        },
      },
    };
  }
  if (other.anyBody) operation.requestBody = { required: true, content: json({}) };
  const answer = other.answer;
  const success =
    answer.kind === "json"
      ? successResponse(answerSchema(answer.schema), "The envelope with the answer")
      : answer.kind === "file"
        ? {
            "200": {
              description: "The file, as an attachment",
              content: {
                [answer.contentType]: {
                  schema: answer.contentType === "text/csv" ? { type: "string" } : { type: "string", format: "binary" },
                },
              },
            },
          }
        : answer.kind === "document"
          ? { "200": { description: "The OpenAPI 3.1 document", content: json({ type: "object" }) } }
          : { "200": { description: "An HTML page", content: { "text/html": { schema: { type: "string" } } } } };
  operation.responses = { ...success, ...errors };
  return operation;
}

const operationIdOf = (other: OtherOperation) =>
  `${other.method.toLowerCase()}${other.path
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "" && part !== "api")
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join("")}`;

/** The answer every refusal carries (rest/envelope.ts). */
const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    status: { const: "error" },
    reason: { type: "string", enum: [...REASONS] },
    issues: {
      type: "array",
      items: {
        type: "object",
        properties: {
          path: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
          message: { type: "string" },
        },
        required: ["path", "message"],
      },
    },
  },
  required: ["status", "reason"],
};

/**
 * The OpenAPI 3.1 document of every REST path: the REST table's routes (their inputs the procedures' own zod
 * schemas, their answers contracts' answers/) and the paths other plugins serve (other-operations.ts).
 */
export function buildOpenApiDocument(routes: readonly RestRoute[], version = "1"): OpenApiDocument {
  const errors = errorResponses();
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (method: string, path: string, operation: Operation) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  };
  for (const route of routes) {
    const [, operation] = restOperation(route, errors.refs);
    add(route.method, openApiPath(route.path), operation);
  }
  for (const other of OTHER_OPERATIONS) add(other.method, other.path, otherOperation(other, errors.refs));
  return {
    openapi: "3.1.0",
    info: {
      title: "Influence Market REST API",
      version,
      description:
        "Every path under /api and /admin/api, generated from the zod schemas the server validates with. Conventions " +
        "(bodies, the envelope, statuses, limits, CSRF) are in docs/api.md.",
    },
    tags: TAGS.map((name) => ({ name })),
    // A visitor's call, the session cookie, or an API key (issue 39; docs/api.md, Keys): the paths that refuse a
    // key answer 403 session_required, and the keys' scopes are in docs/api.md.
    security: [{}, { session: [] }, { apiKey: [] }],
    paths,
    components: {
      schemas: {
        ...answerComponents(),
        Error: ERROR_SCHEMA,
      },
      responses: errors.components,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The session cookie that POST /api/login and POST /api/signup set.",
        },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key made in Settings, API (`mk_live_…` or `mk_test_…`), as `Authorization: Bearer <key>`: no " +
            "cookie, no Origin rule; each key has scopes and a rate limit (RateLimit-* headers).",
        },
      },
    },
  };
}
