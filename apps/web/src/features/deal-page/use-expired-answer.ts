import { useMutationState } from "@tanstack/react-query";
import { getMutationKey } from "@trpc/react-query";
import { useState } from "react";
import { reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { answeredExpired, type ProposalAnswer } from "./proposal-summary";

/**
 * Whether the proposal modal (which owns its mutations) was last answered `expired` for this deal or this
 * application during this visit of the page. The mutation cache is shared, so the page reads it there.
 */
export function useExpiredAnswer(dealId: number, applicationId: number | null): boolean {
  const [since] = useState(() => Date.now());
  const created = useMutationState({
    filters: {
      mutationKey: getMutationKey(trpc.applications.create),
      predicate: (mutation) => (mutation.state.variables as { dealId?: unknown } | undefined)?.dealId === dealId,
    },
    select: toAnswer,
  });
  const updated = useMutationState({
    filters: {
      mutationKey: getMutationKey(trpc.applications.update),
      predicate: (mutation) =>
        applicationId !== null && (mutation.state.variables as { id?: unknown } | undefined)?.id === applicationId,
    },
    select: toAnswer,
  });
  return answeredExpired([...created, ...updated], since);
}

function toAnswer(mutation: { state: { submittedAt: number; status: string; error: unknown } }): ProposalAnswer {
  return {
    submittedAt: mutation.state.submittedAt,
    reason: mutation.state.status === "error" ? reasonOf(mutation.state.error) : null,
  };
}
