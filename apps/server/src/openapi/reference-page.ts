import type { OpenApiDocument } from "./document";

/**
 * GET /api/docs: the document as one readable page, written by the server from the document itself: no script, no
 * outside asset (the site's Content-Security-Policy allows neither inline scripts nor other hosts), inline styles
 * only, which the policy allows.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type Json = Record<string, unknown>;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1b1b1f}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;padding-bottom:.3rem;margin-top:2.5rem}
.op{border:1px solid #e2e2e8;border-radius:6px;padding:.6rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:3.5rem;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#0b6b3a}.POST{color:#1d4ed8}code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f6f6f9;padding:.6rem;overflow:auto;max-height:24rem;border-radius:4px}
table{border-collapse:collapse}td,th{border:1px solid #e2e2e8;padding:.2rem .5rem;text-align:left;vertical-align:top}
nav a{margin-right:.8rem}details summary{cursor:pointer}`;

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** `#/components/schemas/ChatPage` as a link to its section below. */
function linked(schema: unknown): string {
  return pretty(schema).replace(
    /&#34;#\/components\/(schemas|responses)\/(\w+)&#34;/g,
    (_match, kind: string, id: string) => `&#34;<a href="#${kind}-${id}">#/components/${kind}/${id}</a>&#34;`,
  );
}

function operationHtml(method: string, path: string, operation: Json): string {
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const body = operation.requestBody as Json | undefined;
  const responses = (operation.responses as Record<string, Json>) ?? {};
  const success = responses["200"];
  const refused = Object.keys(responses).filter((status) => status !== "200");
  return `<section class="op" id="${escapeHtml(String(operation.operationId))}">
<div><span class="m ${method}">${method}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(String(operation.summary))}</div>
${operation.description ? `<p>${escapeHtml(String(operation.description))}</p>` : ""}
${
  parameters.length > 0
    ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td><td>${
              parameter.required ? "yes" : "no"
            }</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${body ? `<details><summary>Request body</summary>${linked(body.content)}</details>` : ""}
${success ? `<details><summary>Answer (200)</summary>${linked(success.content ?? success)}</details>` : ""}
<p>Refusals: ${refused.map((status) => `<a href="#responses-Status${status}">${status}</a>`).join(", ")}</p>
</section>`;
}

export function referencePage(document: OpenApiDocument): string {
  const info = document.info as Json;
  const tags = (document.tags as { name: string }[]).map((tag) => tag.name);
  const byTag = new Map<string, string[]>(tags.map((tag) => [tag, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = (operation.tags as string[])[0] ?? "";
      byTag.get(tag)?.push(operationHtml(method.toUpperCase(), path, operation));
    }
  }
  const components = document.components as Record<string, Record<string, unknown>>;
  const section = (kind: string) =>
    Object.entries(components[kind] ?? {})
      .map(
        ([id, schema]) =>
          `<section id="${kind}-${escapeHtml(id)}"><h3>${escapeHtml(id)}</h3>${linked(schema)}</section>`,
      )
      .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(String(info.title))}</h1>
<p>${escapeHtml(String(info.description))}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(
    String(document.openapi),
  )}).</p>
<nav>${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join("")}<a href="#schemas">Schemas</a></nav>
${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${(byTag.get(tag) ?? []).join("\n")}`).join("\n")}
<h2 id="schemas">Schemas</h2>
${section("schemas")}
<h2 id="responses">Refusals</h2>
${section("responses")}
</body></html>`;
}
