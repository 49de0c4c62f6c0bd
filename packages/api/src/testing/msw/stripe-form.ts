/** A request body as Stripe's v1 API reads it: form-encoded, nested with brackets (`metadata[a]=1`, `expand[0]=x`). */
export type StripeForm = { [key: string]: string | StripeForm | StripeForm[] | string[] };

/** Parses `a[b][0]=x` into `{ a: { b: ["x"] } }`: objects whose keys are all indices become arrays. */
export function parseStripeForm(body: string): StripeForm {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else {
        node[segment] ??= {};
        node = node[segment] as Record<string, unknown>;
      }
    });
  }
  return arraysOf(root) as StripeForm;
}

function arraysOf(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, arraysOf(value)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  return indexed
    ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value)
    : Object.fromEntries(entries);
}

/** A form field that must be a plain string, or undefined. */
export function text(form: StripeForm, key: string): string | undefined {
  const value = form[key];
  return typeof value === "string" ? value : undefined;
}
