/** What people write in proposals and chats, and what brands say in feedback. Placeholders: {deal}, {network}. */

export const PROPOSAL_TEXTS = [
  "Hi! I love {deal} and think my audience would too. I can create a dedicated {network} post with a story follow-up.",
  "Hello, my followers ask me about products like this every week. Happy to make an honest, detailed review.",
  "Hi there, I'd create a short video showing how I use it every day, plus a link in bio for a week.",
  "Hey! This fits my content perfectly. I can deliver within the creation days below, photos included.",
  "Hi team, I've worked with similar brands and got great engagement. Proposal below, open to adjustments.",
  "Hello! I'd be thrilled to feature {deal}. My audience is very engaged on {network}.",
] as const;

export const BRAND_REPLIES = [
  "Thanks for your proposal! Could you share a few examples of past sponsored posts?",
  "Hi, sounds great. What day would the post go live?",
  "Thanks! We like your style. Give us a day to review with the team.",
  "Hello! Would you be able to include our discount code in the caption?",
] as const;

export const INFLUENCER_REPLIES = [
  "Sure! I just sent a few examples.",
  "I can publish next Tuesday, or earlier if you prefer.",
  "Of course, the code will be in the caption and in the story.",
  "Thanks, looking forward to it!",
] as const;

export const HIRE_TEXTS = [
  "Welcome aboard! The product ships tomorrow.",
  "Great, payment is done. Can't wait to see the content!",
  "Happy to work with you. Let us know if you need anything.",
] as const;

export const WORK_TEXTS = [
  "The post is live, here is the link. Let me know what you think!",
  "Content published! The story stays pinned for the week.",
  "All done, the video is up and getting good comments already.",
] as const;

export const AFTER_RELEASE_TEXTS = [
  "Thanks again, great collaboration!",
  "Money released, thank you for the lovely content.",
] as const;

export const CONTEST_TEXTS = [
  "We can't find the post on your profile yet, could you check?",
  "The link doesn't open for us, is the post public?",
] as const;

/** What an influencer tells support when the brand contests published work. */
export const ARBITRATION_TEXTS = [
  "The post has been public on my profile since the day I marked the work done; the brand says it cannot see it.",
  "I published everything we agreed on and sent the links in the chat, but the brand keeps contesting the work.",
] as const;

export const DECLINE_TEXTS = [
  "Thanks for applying, we went with another creator this time.",
  "Sorry, this one isn't a fit for the campaign, but we'll keep you in mind.",
] as const;

export const CHANGE_REQUEST_TEXTS = [
  "Could you adjust the price a little? Our budget is tight this month.",
  "We'd love to go ahead at a slightly lower price, is that possible?",
] as const;

export const FEEDBACK_COMMENTS = [
  "Great content, delivered on time and very professional.",
  "Lovely to work with, the post performed above our expectations.",
  "Good communication, the content was a bit late but worth it.",
  "Very creative and easy to work with. We'll book again.",
  "Solid work, the audience was a good match for our product.",
] as const;

export const PRIVATE_COMMENTS = [
  "Drove a clear spike of visits the week of the post.",
  "Sales from the code were modest but brand awareness went up.",
  "Best ROI of the quarter.",
  "",
] as const;

/** Files people share in chats; bytes are generated from the kind. */
export const CHAT_FILES = [
  { name: "media-kit.txt", kind: "media kit" },
  { name: "content-draft.png", kind: "content draft" },
  { name: "audience-stats.csv", kind: "audience statistics" },
  { name: "brief.txt", kind: "campaign brief" },
] as const;

export const NEWS_TEXTS = [
  "New: invite influencers straight from their profile.",
  "Tip: campaigns with clear briefs get twice as many proposals.",
] as const;
