import { z } from "zod";
import { answerSchemas } from "./registry";

/** POST /api/picture: the new profile picture's URL. */
export const pictureAnswer = z.object({ picture: z.string() }).register(answerSchemas, { id: "Picture" });

/** POST /api/campaigns/images: the image's id (the wizard saves it with the campaign) and its URL. */
export const dealImageAnswer = z
  .object({ id: z.string(), url: z.string() })
  .register(answerSchemas, { id: "DealImage" });

/** POST /api/account/flag/files: the file, named next with the appeal's text (account.appealFlag). */
export const appealFileAnswer = z
  .object({ id: z.string(), name: z.string(), type: z.string(), sizeBytes: z.number().int(), url: z.string() })
  .register(answerSchemas, { id: "AppealFile" });
