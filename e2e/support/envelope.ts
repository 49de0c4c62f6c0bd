import { expect } from "@playwright/test";

/** The answer envelope of the /api shims: `{ status: "success", data }` or `{ status: "error", reason }`. */
export interface Envelope<T> {
  status: string;
  data: T;
}

/** The data of an answer that must have succeeded; `what` names the step in the failure message. */
export async function ok<T>(answer: Promise<{ json(): Promise<unknown> }>, what: string): Promise<T> {
  const body = (await (await answer).json()) as Envelope<T>;
  expect(body, what).toMatchObject({ status: "success" });
  return body.data;
}
