/** Text for HTML: every character that could open markup or leave an attribute is an entity. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small self-contained HTML page (no script, no external resource) for the evidence pack. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
.meta{color:#555;font-size:.85rem}.msg{border-bottom:1px solid #eee;padding:.5rem 0}</style></head>
<body>${body}</body></html>
`;
}
