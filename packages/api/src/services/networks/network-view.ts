import { networks } from "@market/db";

/**
 * The columns of a network as the screens show it (spec section 3, Network): the profile's networks table and
 * the owner's networks tab read the same fields, and never the OAuth tokens.
 */
export const networkViewColumns = {
  id: networks.id,
  type: networks.type,
  title: networks.title,
  identifier: networks.identifier,
  link: networks.link,
  followers: networks.followers,
  posts: networks.posts,
  reactions: networks.reactions,
  engagement: networks.engagement,
  rating: networks.rating,
  sizeClass: networks.sizeClass,
  isVerified: networks.isVerified,
  isConflicting: networks.isConflicting,
  audienceQuality: networks.audienceQualityDetail,
};
