import { useMutationState } from "@tanstack/react-query";
import { getMutationKey } from "@trpc/react-query";
import { useState } from "react";
import { reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { answeredExpired, type ProposalAnswer } from "./proposal-summary";

/**
 * Whether the proposal modal (which owns its mutations) was last answered `expired` for an update of this
 * application during this visit of the page: the proposal has expired, whatever this browser's clock says. (A new
 * proposal answered `expired` only had a past expiration day: the modal marks that field.) The mutation cache is
 * shared, so the page reads it there.
 */
export function useExpiredAnswer(applicationId: number | null): boolean {
  const [since] = useState(() => Date.now());
  const updated = useMutationState({
    filters: {
      mutationKey: getMutationKey(trpc.applications.update),
      predicate: (mutation) =>
        applicationId !== null && (mutation.state.variables as { id?: unknown } | undefined)?.id === applicationId,
    },
    select: toAnswer,
  });
  return answeredExpired(updated, since);
}

function toAnswer(mutation: { state: { submittedAt: number; status: string; error: unknown } }): ProposalAnswer {
  return {
    submittedAt: mutation.state.submittedAt,
    reason: mutation.state.status === "error" ? reasonOf(mutation.state.error) : null,
  };
}
