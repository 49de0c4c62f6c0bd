/** Brand names are a first word and a second word, e.g. "Lumen Labs". */
export const BRAND_FIRST_WORDS = [
  "Lumen", "Nova", "Bright", "Urban", "Wild", "Blue", "Golden", "Pure", "Swift", "Bloom", "Maple", "Harbor",
  "North", "Cedar", "Atlas", "Velvet", "Copper", "Sunny", "Pixel", "Coral", "Echo", "Summit", "Juniper",
  "Orbit", "Willow", "Pepper", "Indigo", "Alder", "Mosaic", "Kindred", "Fable", "Tidal",
] as const;

export const BRAND_SECOND_WORDS = [
  "Labs", "Co", "Studio", "Goods", "Works", "House", "Supply", "Collective", "Market", "Brands", "Craft",
  "Outfitters",
] as const;

export const BRAND_ABOUTS = [
  "Independent and proud of it since {year}.",
  "A small team with big ideas, shipping worldwide.",
  "Certified B Corp; we plant a tree for every order.",
  "Designed in-house, made to last.",
  "Loved by more than 100,000 customers.",
] as const;

export const CONTACT_TITLES = ["Marketing manager", "Brand partnerships", "Founder", "Social media lead"] as const;
