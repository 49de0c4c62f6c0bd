import { CATEGORIES, type Category } from "@market/contracts";
import { insertSandboxSavedCard } from "../sandbox-cards";
import { brandProfiles, contacts, users } from "../schema";
import { insertRows, insertWithIds } from "./batch";
import { fill, type SeedContext, slug } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";
import { drawAddress, drawCountry, drawPerson, drawPhone } from "./people";
import { BRAND_ABOUTS, BRAND_FIRST_WORDS, BRAND_SECOND_WORDS } from "./words/brands";
import { CATEGORY_COPY } from "./words/categories";

const BRAND_COUNT = 30;

export interface SeededBrand {
  id: number;
  username: string;
  brandName: string;
  website: string;
  /** The category most of the brand's campaigns are in. */
  category: Category;
  isDemo: boolean;
}

interface BrandDraft extends Omit<SeededBrand, "id"> {
  email: string;
  isAdmin: boolean;
}

/** Brand accounts with profiles and contacts; the admin is a brand account flagged is_admin. */
export async function seedBrands(ctx: SeedContext): Promise<SeededBrand[]> {
  const rng = ctx.random("brands");
  const admin: BrandDraft = {
    username: DEMO_ACCOUNTS.admin.username,
    email: DEMO_ACCOUNTS.admin.email,
    brandName: "Influence Market",
    website: "https://www.influence-market.example",
    category: "apps",
    isDemo: false,
    isAdmin: true,
  };
  const demo: BrandDraft = {
    username: DEMO_ACCOUNTS.brand.username,
    email: DEMO_ACCOUNTS.brand.email,
    brandName: "Demo Brand Co",
    website: "https://www.demobrand.example",
    category: "lifestyle",
    isDemo: true,
    isAdmin: false,
  };
  // Every category has a brand (and so campaigns) before the remaining brands pick freely.
  const categories = [...rng.shuffle(CATEGORIES), ...CATEGORIES.map(() => rng.pick(CATEGORIES))];
  const firstWords = rng.sample(BRAND_FIRST_WORDS, BRAND_COUNT - 1);
  const others: BrandDraft[] = firstWords.map((first, i) => {
    const brandName = `${first} ${rng.pick(BRAND_SECOND_WORDS)}`;
    const name = slug(brandName);
    return {
      username: name,
      email: `hello@${name}.example`,
      brandName,
      website: `https://www.${name}.example`,
      category: categories[i] ?? "lifestyle",
      isDemo: false,
      isAdmin: false,
    };
  });
  const seeded = await insertWithIds(ctx.db, users, [admin, demo, ...others], (draft) => {
    const createdAt = ctx.clock.ago(rng.between(60, 700));
    return {
      kind: "brand" as const,
      username: draft.username,
      email: draft.email,
      passwordHash: ctx.passwordHash,
      isAdmin: draft.isAdmin,
      hasSeenOnboarding: true,
      createdAt,
      updatedAt: createdAt,
      lastLoginAt: ctx.clock.ago(rng.between(0.05, 20)),
    };
  });

  await insertRows(
    ctx.db,
    brandProfiles,
    seeded.map((brand) => ({
      userId: brand.id,
      brandName: brand.brandName,
      about: brand.isAdmin
        ? "Platform administration account."
        : `${fill(CATEGORY_COPY[brand.category].pitch, {
            brand: brand.brandName,
            product: rng.pick(CATEGORY_COPY[brand.category].products),
          })} ${fill(rng.pick(BRAND_ABOUTS), { year: String(rng.int(2008, 2022)) })}`,
    })),
  );

  await insertRows(
    ctx.db,
    contacts,
    seeded.map((brand) => {
      const person = drawPerson(rng);
      return {
        userId: brand.id,
        website: brand.website,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: drawPhone(rng),
        ...drawAddress(rng, drawCountry(rng)),
      };
    }),
  );

  // The demo brand pays with a saved sandbox card (the sandbox gateway's succeeding test card, saved for it),
  // valid for years ahead of the seed's clock, so the payment tab and a saved-card checkout (with the demo
  // password) really pay.
  const demoBrand = seeded.find((brand) => brand.isDemo);
  if (demoBrand) {
    await insertSandboxSavedCard(ctx.db, demoBrand.id, ctx.clock.now.getUTCFullYear() + 3, `seed_${demoBrand.id}`);
  }

  return seeded
    .filter((brand) => !brand.isAdmin)
    .map(({ id, username, brandName, website, category, isDemo }) => ({
      id,
      username,
      brandName,
      website,
      category,
      isDemo,
    }));
}
