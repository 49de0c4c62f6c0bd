/**
 * Who calls, in the authorization matrix (matrix.ts). Every object a route acts on is between the world's brand and
 * its influencer (world.ts), so:
 * - visitor: no session;
 * - brand, influencer: the object's two parties (for a route about no object: a signed-in brand, an influencer);
 * - owner: whichever of those two the row names as the object's owner (a campaign's brand, a payout's influencer,
 *   the party an application's action belongs to); its answer is that party's column;
 * - otherBrand, otherInfluencer: accounts with no tie to the object;
 * - admin: an admin's own session (an admin holds a brand-kind account), acting as nobody;
 * - adminActing: the admin acting as the owner through an impersonation session.
 */
export const ROLES = [
  "visitor",
  "brand",
  "influencer",
  "otherBrand",
  "otherInfluencer",
  "admin",
  "adminActing",
] as const;
export type Role = (typeof ROLES)[number];

/** The account kind of each caller; the admin acting has the owner's. */
export function kindOf(role: Role, owner: "brand" | "influencer"): "brand" | "influencer" | null {
  switch (role) {
    case "visitor":
      return null;
    case "brand":
    case "otherBrand":
    case "admin":
      return "brand";
    case "influencer":
    case "otherInfluencer":
      return "influencer";
    case "adminActing":
      return owner;
  }
}

/**
 * A row's answers, one per role in ROLES' order: an HTTP status, and for a redirect the path it sends the browser to
 * ("302:/login"). Written as one line, e.g. "401 200 403 404 403 404 200".
 */
export type Answers = string;

const ANSWER = /^\d{3}(:\/\S*)?$/;

/** The answers as a list, checked: one well-formed answer per role. */
export function answerList(answers: Answers): string[] {
  const list = answers.trim().split(/\s+/);
  if (list.length !== ROLES.length || !list.every((answer) => ANSWER.test(answer))) {
    throw new Error(`answers "${answers}" must give ${ROLES.length} statuses, one per role (${ROLES.join(" ")})`);
  }
  return list;
}
