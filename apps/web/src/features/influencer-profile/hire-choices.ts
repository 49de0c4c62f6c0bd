import { type DealView, type ReviewStatus, takesInvitations } from "@market/contracts";

export type HireChoice =
  | { id: number; title: string; selectable: true }
  | { id: number; title: string; selectable: false; reviewStatus: Exclude<ReviewStatus, "OK"> };

/**
 * The campaigns the Hire chooser lists: the brand's open ones (the invite ignores the others). Those the server
 * would refuse (not approved: takesInvitations) stay listed with their review status but cannot be chosen, after
 * the selectable ones; each group keeps the order the server gave.
 */
export function hireChoices(campaigns: readonly Pick<DealView, "id" | "title" | "status" | "reviewStatus">[]) {
  const open = campaigns.filter((campaign) => campaign.status === "open");
  const choices = open.map(
    ({ id, title, reviewStatus }): HireChoice =>
      takesInvitations(reviewStatus) ? { id, title, selectable: true } : { id, title, selectable: false, reviewStatus },
  );
  return [...choices.filter((choice) => choice.selectable), ...choices.filter((choice) => !choice.selectable)];
}
