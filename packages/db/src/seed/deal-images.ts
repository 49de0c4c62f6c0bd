import { createHash } from "node:crypto";
import { MAX_CAMPAIGN_IMAGES } from "@market/contracts";
import { dealImages, files } from "../schema";
import type { FileDraft } from "./application-chat";
import { insertRows } from "./batch";
import { type SeedContext, slug } from "./context";
import type { SeededDeal } from "./deals";
import { drawDealImage } from "./images";

/** How many images a deal gets: most have some, a few none, so the placeholder still shows. */
const IMAGE_COUNT_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 12],
  [1, 30],
  [2, 33],
  [3, 25],
];

/**
 * The deals' images (spec 5: up to MAX_CAMPAIGN_IMAGES, in display order), stored like an uploaded campaign
 * image: a deal_image file owned by the deal's brand under `deal-images/<id>`, then its deal_images row.
 * Returns the files so their bytes reach the file store once the seeding transaction commits.
 */
export async function seedDealImages(ctx: SeedContext, deals: readonly SeededDeal[]): Promise<FileDraft[]> {
  const rng = ctx.random("deal-images");
  const placed = deals.flatMap((deal) =>
    Array.from({ length: Math.min(MAX_CAMPAIGN_IMAGES, rng.weighted(IMAGE_COUNT_WEIGHTS)) }, (_, position) => {
      const bytes = drawDealImage(rng, deal.category);
      const id = rng.uuid();
      const file: FileDraft = {
        id,
        ownerId: deal.brand.id,
        purpose: "deal_image",
        storageKey: `deal-images/${id}`,
        originalName: `${slug(deal.title).slice(0, 60)}-${position + 1}.png`,
        contentType: "image/png",
        sizeBytes: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        createdAt: deal.createdAt,
        bytes,
      };
      return { file, row: { dealId: deal.id, fileId: id, position } };
    }),
  );
  await insertRows(
    ctx.db,
    files,
    placed.map(({ file: { bytes: _bytes, ...row } }) => row),
  );
  await insertRows(
    ctx.db,
    dealImages,
    placed.map(({ row }) => row),
  );
  return placed.map(({ file }) => file);
}
