import fastifyMultipart from "@fastify/multipart";
import {
  type Context,
  fail,
  peekInlineImageType,
  ReasonError,
  type RequestInfo,
  readFile,
  refuseKeyOutside,
  type ServedFile,
  sendChatFile,
  type UploadedFile,
  uploadAppealFile,
  uploadDealImage,
  uploadPicture,
} from "@market/api";
import { applicationIdInput, MAX_UPLOAD_BYTES } from "@market/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { success } from "./envelope";

export interface FilesPluginOptions {
  createContext: (request: RequestInfo) => Promise<Context>;
  requestInfo: RequestInfoOf;
}

/** The multipart field that carries the upload. */
const FILE_FIELD = "file";

/**
 * POST /api/picture and POST /api/campaigns/images (spec section 7). Multipart is not a tRPC input, so the
 * routes parse the upload themselves and hand the bytes to the service with the viewer from the context factory.
 * Registered inside the REST scope (CSRF guard) so that multipart parsing exists nowhere else.
 */
export async function pictureUploadPlugin(app: FastifyInstance, options: FilesPluginOptions): Promise<void> {
  // One byte over the maximum: a file of exactly MAX_UPLOAD_BYTES still arrives whole, and the service's
  // "below 4194304 bytes" rule answers too_big; anything larger is cut off by the parser (413 too_big).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });

  app.post("/api/picture", async (request, reply) => {
    const ctx = await options.createContext(options.requestInfo(request, reply));
    // Before reading the body: a visitor's upload is refused without buffering it.
    if (!ctx.viewer) fail("unauthorized");
    refuseKeyOutside(ctx.apiKey, ["account", "write"], "POST /api/picture");
    const upload = await readUpload(request);
    return success(await uploadPicture(ctx, ctx.viewer.userId, upload));
  });

  /** POST /api/campaigns/images: one campaign image of a brand, answered as {id, url}; the wizard saves the id. */
  app.post("/api/campaigns/images", async (request, reply) => {
    const ctx = await options.createContext(options.requestInfo(request, reply));
    if (!ctx.viewer) fail("unauthorized");
    if (ctx.viewer.kind !== "brand") fail("forbidden");
    refuseKeyOutside(ctx.apiKey, ["campaigns", "write"], "POST /api/campaigns/images");
    const upload = await readUpload(request);
    return success(await uploadDealImage(ctx, ctx.viewer.userId, upload));
  });

  /**
   * POST /api/applications/{id}/file: a file to the application's chat, from one of its two parties (an
   * impersonating admin sends as the admin); the service judges it by its name and bytes, never the declared type.
   */
  app.post<{ Params: { id: string } }>("/api/applications/:id/file", async (request, reply) => {
    const ctx = await options.createContext(options.requestInfo(request, reply));
    if (!ctx.viewer) fail("unauthorized");
    refuseKeyOutside(ctx.apiKey, ["applications", "write"], "POST /api/applications/{id}/file");
    const params = applicationIdInput.safeParse({ id: request.params.id });
    if (!params.success) fail("invalid");
    const upload = await readUpload(request);
    return success(await sendChatFile(ctx, ctx.viewer, params.data.id, upload));
  });

  /**
   * POST /api/account/flag/files: a file for the flagged influencer's appeal (issue 36), answered as
   * {id, name, type, sizeBytes, url}; `account.appealFlag` names it with the appeal's text.
   */
  app.post("/api/account/flag/files", async (request, reply) => {
    const ctx = await options.createContext(options.requestInfo(request, reply));
    if (!ctx.viewer) fail("unauthorized");
    if (ctx.viewer.kind !== "influencer") fail("forbidden");
    refuseKeyOutside(ctx.apiKey, ["account", "write"], "POST /api/account/flag/files");
    const upload = await readUpload(request);
    return success(await uploadAppealFile(ctx, ctx.viewer, upload));
  });
}

/**
 * The bytes and name of the request's `file` field. A body that is not well-formed multipart is bad input
 * (400 invalid), not a server failure; the parser's own 4xx errors (413 for a file over the limit) stand.
 */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) fail("invalid");
  try {
    const part = await request.file();
    if (!part || part.fieldname !== FILE_FIELD) fail("invalid");
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (error) {
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof ReasonError || (typeof statusCode === "number" && statusCode < 500)) throw error;
    request.log.info({ err: error }, "malformed multipart body");
    fail("invalid");
  }
}

/** Content types a browser may be told about; anything else is served as opaque bytes. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

async function sendFile(reply: FastifyReply, file: ServedFile, wantsInline: boolean) {
  reply.header("Content-Type", MIME_TYPE.test(file.contentType) ? file.contentType : "application/octet-stream");
  reply.header("X-Content-Type-Options", "nosniff");
  // The bytes go out as the store hands them over, never whole in memory (a bucket's answer included).
  let body = file.body;
  if (file.purpose === "chat_file" || file.purpose === "appeal_file") {
    // Only for the application's parties (an appeal's: its influencer and admins): never in a shared cache.
    reply.header("Cache-Control", "private, no-store");
    // The chat's thumbnail: shown in the page only when the bytes themselves are a JPEG, PNG, GIF or WebP (never
    // by the stored type or the name), and then with the type they are, so nosniff lets nothing else render.
    // Opened in its own tab, it is sandboxed too; the browser's image view styles itself inline (a style runs
    // nothing), which `default-src 'none'` alone would refuse. Decided on the first bytes read.
    const peeked = wantsInline ? await peekInlineImageType(body) : { type: null, body };
    body = peeked.body;
    const name = encodeURIComponent(file.originalName);
    if (peeked.type) {
      reply.header("Content-Type", peeked.type);
      reply.header("Content-Disposition", `inline; filename*=UTF-8''${name}`);
      reply.header("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    } else {
      // Downloaded, never rendered by the page's origin (a chat file may be HTML), and sandboxed if opened anyway.
      reply.header("Content-Disposition", `attachment; filename*=UTF-8''${name}`);
      reply.header("Content-Security-Policy", "sandbox; default-src 'none'");
    }
  } else {
    // Pictures and campaign images are public and never change under their id.
    reply.header("Cache-Control", "public, max-age=31536000, immutable");
  }
  reply.header("Content-Length", file.sizeBytes);
  return reply.send(body);
}

/**
 * GET /files/:id: stored files, with the access rule of their purpose (services/files/read-file.ts). `?inline=1`
 * asks for a chat file to be shown rather than downloaded: granted to an image only, anything else is the
 * attachment it always is.
 */
export async function fileServingPlugin(app: FastifyInstance, options: FilesPluginOptions): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { inline?: unknown } }>("/files/:id", async (request, reply) => {
    const ctx = await options.createContext(options.requestInfo(request, reply));
    const file = await readFile(ctx, ctx.viewer?.userId ?? null, request.params.id);
    return sendFile(reply, file, request.query.inline === "1");
  });
}
