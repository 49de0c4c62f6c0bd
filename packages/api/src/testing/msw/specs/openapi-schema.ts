/**
 * A small validator of JSON values against the schemas of an OpenAPI 3.0 document, for the trimmed copies of the
 * providers' published descriptions kept beside it: the fakes check what the adapters send, and the tests check what
 * the fakes answer. It knows the keywords those copies use (type, properties, required, items, enum, min/maxLength,
 * pattern, min/maxItems, minimum/maximum, nullable, additionalProperties, $ref to #/components/schemas,
 * allOf/anyOf/oneOf) and treats the rest (description, format, readOnly, default, x-…) as annotations, which OpenAPI
 * 3.0 makes them. Properties a schema does not list are allowed unless it says additionalProperties: false, as in
 * JSON Schema; `documentedProperties` lists an object's, for a test that wants no invented fields.
 */

export type Schema = { [keyword: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** What a value breaks of a schema: one line per fault, each with the value's path ("" for the root). */
export function schemaErrors(document: OpenApiDocument, schema: Schema, value: unknown, path = ""): string[] {
  const ref = schema.$ref;
  if (typeof ref === "string") return schemaErrors(document, resolve(document, ref), value, path);
  const at = path || "(root)";
  if (value === null) return schema.nullable === true || schema.type === undefined ? [] : [`${at}: null`];
  const errors: string[] = [];
  for (const keyword of ["allOf", "anyOf", "oneOf"] as const) {
    const parts = schema[keyword] as Schema[] | undefined;
    if (!parts) continue;
    const results = parts.map((part) => schemaErrors(document, part, value, path));
    const passed = results.filter((result) => result.length === 0).length;
    if (keyword === "allOf") errors.push(...results.flat());
    else if (keyword === "anyOf" ? passed === 0 : passed !== 1) {
      errors.push(`${at}: matches ${passed} of ${keyword} (${results.flat().join("; ")})`);
    }
  }
  if (typeof schema.type === "string" && !hasType(value, schema.type)) {
    return [...errors, `${at}: expected ${schema.type}, got ${JSON.stringify(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === "string") errors.push(...stringErrors(schema, value, at));
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) {
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    }
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) {
      errors.push(`${at}: more than ${schema.maxItems} items`);
    }
    const items = schema.items as Schema | undefined;
    if (items) {
      value.forEach((item, index) => {
        errors.push(...schemaErrors(document, items, item, `${path}[${index}]`));
      });
    }
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in record)) errors.push(`${path ? `${path}.` : ""}${name}: required`);
    }
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    const others = schema.additionalProperties;
    for (const [name, item] of Object.entries(record)) {
      const at = path ? `${path}.${name}` : name;
      const property = properties[name];
      if (property) errors.push(...schemaErrors(document, property, item, at));
      else if (others === false) errors.push(`${at}: not a property of the schema`);
      else if (typeof others === "object" && others !== null)
        errors.push(...schemaErrors(document, others as Schema, item, at));
    }
  }
  return errors;
}

function stringErrors(schema: Schema, value: string, at: string): string[] {
  const errors: string[] = [];
  if (typeof schema.minLength === "number" && value.length < schema.minLength) {
    errors.push(`${at}: shorter than ${schema.minLength}`);
  }
  if (typeof schema.maxLength === "number" && value.length > schema.maxLength) {
    errors.push(`${at}: longer than ${schema.maxLength}`);
  }
  // OpenAPI patterns are ECMA 262 regular expressions, unanchored unless they say so.
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value)) {
    errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  return errors;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function resolve(document: OpenApiDocument, ref: string): Schema {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  const schema = name ? document.components.schemas[name] : undefined;
  if (!schema) throw new Error(`the trimmed document has no ${ref}`);
  return schema;
}

/** The properties a schema (after its $ref) documents, for a check that an answer invents none. */
export function documentedProperties(document: OpenApiDocument, schema: Schema): string[] {
  const ref = schema.$ref;
  if (typeof ref === "string") return documentedProperties(document, resolve(document, ref));
  return Object.keys((schema.properties as Record<string, Schema> | undefined) ?? {});
}

/** The JSON schema of an operation's request body. */
export function requestSchema(document: OpenApiDocument, method: string, path: string): Schema {
  const schema = operation(document, method, path).requestBody?.content["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON request body in the trimmed document`);
  return schema;
}

/** The JSON schema of an operation's answer with this status (or its `default` answer). */
export function responseSchema(document: OpenApiDocument, method: string, path: string, status: number): Schema {
  const responses = operation(document, method, path).responses;
  const schema = (responses[String(status)] ?? responses.default)?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON answer ${status} in the trimmed document`);
  return schema;
}

function operation(document: OpenApiDocument, method: string, path: string): Operation {
  const found = document.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`the trimmed document has no ${method} ${path}`);
  return found;
}
