import type { ReviewDealInput } from "@market/contracts";
import type { MailMessage } from "../mail/mailer";

export interface ReviewedDeal {
  id: number;
  title: string;
  email: string;
  username: string;
  decision: ReviewDealInput["decision"];
  /** A rejection's reason, null for an approval (or a rejection made without one while impersonating). */
  reason: string | null;
}

/** The brand's mail about the review of their campaign: the decision and, rejected, why and what to do. */
export function reviewMail(deal: ReviewedDeal, publicUrl: string): MailMessage {
  const link = `${publicUrl}/campaigns/${deal.id}`;
  if (deal.decision === "OK") {
    return {
      to: deal.email,
      subject: `Your campaign "${deal.title}" was approved`,
      text: [
        `Hello ${deal.username},`,
        "",
        `Your campaign "${deal.title}" was reviewed and approved: influencers can find it and you can invite them.`,
        "",
        link,
      ].join("\n"),
    };
  }
  return {
    to: deal.email,
    subject: `Your campaign "${deal.title}" was rejected`,
    text: [
      `Hello ${deal.username},`,
      "",
      `Your campaign "${deal.title}" was reviewed and rejected: influencers no longer see it.`,
      ...(deal.reason ? ["", "The reason given:", deal.reason] : []),
      "",
      "You may edit the campaign to address it; an edited campaign is reviewed again.",
      "",
      link,
    ].join("\n"),
  };
}
