import { z } from "zod";
import { AUDIENCE_QUALITY_COMPONENTS } from "../audience-quality";
import { answerSchemas } from "./registry";

const componentAnswer = z.object({
  score: z.number().int().nullable(),
  value: z.number().nullable(),
  weight: z.number(),
});

/** A network's audience-quality score with its components (AudienceQuality; docs/product.md "Audience quality"). */
export const audienceQualityAnswer = z
  .object({
    score: z.number().int().nullable(),
    components: z.object(
      Object.fromEntries(AUDIENCE_QUALITY_COMPONENTS.map((name) => [name, componentAnswer])) as Record<
        (typeof AUDIENCE_QUALITY_COMPONENTS)[number],
        typeof componentAnswer
      >,
    ),
    tierMedian: z.number().nullable(),
    snapshots: z.number().int(),
    spanDays: z.number().int(),
  })
  .register(answerSchemas, { id: "AudienceQuality" });
