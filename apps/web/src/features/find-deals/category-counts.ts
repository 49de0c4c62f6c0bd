import { CATEGORIES, type Category } from "@market/contracts";

export interface CategoryEntry {
  /** null: "All", no category filter. */
  category: Category | null;
  /** Matching deals; null while no answer has come yet. */
  count: number | null;
  selected: boolean;
}

/**
 * The category sidebar (spec section 2): "All" with the total, then every category with its count. The counts
 * come from the server under every filter except the category one, so their sum is the total over all
 * categories (each deal has exactly one). "All" is selected without a category filter; a URL naming several
 * categories selects each of them.
 */
export function categoryEntries(
  counts: Readonly<Record<Category, number>> | null,
  selected: readonly Category[],
): CategoryEntry[] {
  const total = counts === null ? null : CATEGORIES.reduce((sum, category) => sum + counts[category], 0);
  return [
    { category: null, count: total, selected: selected.length === 0 },
    ...CATEGORIES.map((category) => ({
      category,
      count: counts === null ? null : counts[category],
      selected: selected.includes(category),
    })),
  ];
}
