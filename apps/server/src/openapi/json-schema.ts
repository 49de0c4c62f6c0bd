import { answerSchemas } from "@market/contracts";
import { z } from "zod";

/** A JSON Schema object as the document holds it. */
export type JsonSchema = Record<string, unknown>;

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

/** Without the `$schema` line zod writes at the top: the document's dialect is OpenAPI 3.1's own. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * A procedure's input as JSON Schema: what a caller may send (io input: before defaults and transforms), the
 * checks zod cannot say in JSON Schema (a refinement, a preprocess) left open rather than refused.
 */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return bare(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema);
}

/** Every registered answer schema (contracts answers/), each named, referring to the others by $ref. */
export function answerComponents(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(answerSchemas, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
    uri: COMPONENT,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema)]));
}

/** An answer's schema: a $ref to its component when registered, else written in place. */
export function answerSchema(schema: z.ZodType): JsonSchema {
  const id = answerSchemas.get(schema)?.id;
  if (id) return { $ref: COMPONENT(id) };
  return bare(z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema);
}

/** The schema without some of its top-level properties (those the path carries or the route fixes). */
export function withoutProperties(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  if (keys.length === 0) return schema;
  for (const union of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[union];
    if (Array.isArray(branches)) {
      return { ...schema, [union]: branches.map((branch) => withoutProperties(branch as JsonSchema, keys)) };
    }
  }
  const properties = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  for (const key of keys) delete properties[key];
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !keys.includes(key));
  const result: JsonSchema = { ...schema, properties };
  if (required.length > 0) result.required = required;
  else delete result.required;
  return result;
}

/** The schema's top-level properties (of its first branch for a union), and which are required. */
export function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  return { properties, required };
}

/** Whether a body of this schema must be sent: some property is required (in every branch of a union). */
export function requiresBody(schema: JsonSchema): boolean {
  for (const union of ["anyOf", "oneOf"] as const) {
    const branches = schema[union];
    if (Array.isArray(branches)) return branches.every((branch) => requiresBody(branch as JsonSchema));
  }
  return ((schema.required as string[] | undefined) ?? []).length > 0;
}
