import { describe, expect, it } from "vitest";
import { helpQuestionMail } from "./help-mail";

describe("helpQuestionMail", () => {
  it("brings the question, who asks it and where to answer to the support mailbox", () => {
    const mail = helpQuestionMail(
      "support@example.com",
      { id: 7, kind: "influencer", username: "ana", email: "ana@example.com" },
      "How do I get paid?\nThanks",
      42,
    );
    expect(mail).toEqual({
      to: "support@example.com",
      subject: "Help question #42 from ana (influencer)",
      text: "ana (influencer #7) asks:\n\nHow do I get paid?\nThanks\n\nAnswer by email to ana@example.com.",
    });
  });
});
