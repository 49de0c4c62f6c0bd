/** What influencers write of the brands they worked for (issue 40, reviews both ways). */
export const BRAND_REVIEW_TEXTS = [
  "Clear brief and quick answers. Paid as soon as the posts were up.",
  "Friendly team, the brief left room for my own style.",
  "Good collaboration overall; the feedback on the draft came a bit late.",
  "Very professional: clear deliverables, fair price, fast release.",
  "The brief changed twice, but they were fair about the extra work.",
  "Smooth from start to finish. I would work with them again.",
  "Communication was slow at times, payment was on time.",
  "",
] as const;
