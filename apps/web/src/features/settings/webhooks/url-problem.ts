import { TRPCClientError } from "@trpc/client";

/**
 * The server's words about the URL of a refused registration (not https, not found, a private address), which a
 * schema in the browser cannot know: the `url` issue's message of an `invalid` answer, or null.
 */
export function serverUrlProblem(failure: unknown): string | null {
  if (!(failure instanceof TRPCClientError)) return null;
  const data = failure.data as { reason?: string; issues?: { path: unknown[]; message: string }[] } | undefined;
  if (data?.reason !== "invalid") return null;
  const issue = data.issues?.find((each) => each.path[0] === "url");
  return issue ? issue.message : null;
}
