import {
  type Clock,
  type NetworkProviders,
  type OAuthNetworkType,
  oauthCallbackPath,
  readSandboxProfiles,
  SANDBOX_BIO_MAX_LENGTH,
  SANDBOX_OAUTH_SAMPLES,
  sandboxAuthorizationCode,
  sandboxConsentPath,
  setSandboxBio,
} from "@market/api";
import { SANDBOX_BIOS_PATH } from "@market/contracts";
import type { Db } from "@market/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { failure, success } from "../rest/envelope";
import { csrfGuard } from "./csrf";
import { wantsHtml } from "./html";
import {
  type ProfilesPageState,
  renderBadConsentLinkPage,
  renderConsentPage,
  renderInstagramProfilesPage,
  SANDBOX_PAGE_CSP,
} from "./network-sandbox-page";

export interface NetworkSandboxOptions {
  providers: NetworkProviders;
  db: Db;
  clock: Clock;
}

/** What the consent link carries (oauth-sandbox.ts's authorizationUrl); redirect_uri is never followed. */
const consentQuery = z.object({
  state: z.string().min(1).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const bioBody = z.object({ username: z.string().max(100), bio: z.string().max(5_000) });

const savedQuery = z.object({ saved: z.string().max(100).optional() });

/** A form posts at most a username and a 150-character bio; anything bigger is not this page's. */
const FORM_BODY_LIMIT = 16_384;

function pageHeaders(reply: FastifyReply): void {
  reply.header("Cache-Control", "no-store");
  reply.header("Content-Security-Policy", SANDBOX_PAGE_CSP);
  reply.header("X-Frame-Options", "DENY");
  // The state travels in the consent page's URL: no Referer carries it anywhere.
  reply.header("Referrer-Policy", "no-referrer");
}

const html = (reply: FastifyReply, page: string) => reply.type("text/html; charset=utf-8").send(page);

/**
 * The pages of the network sandboxes (docs/api.md, "Network sandboxes"), registered only for the networks whose
 * provider is the built-in sandbox: a real provider's network has no such page (404), and production has sandboxes
 * only when NETWORK_SANDBOX=true (env.ts). A browser gets HTML; any other client the envelope with the same data.
 *
 * - GET /auth/sandbox/{facebook|twitter|youtube}?state&code_challenge: the consent page. Each sample account links
 *   to the callback with a code naming it and the challenge (checked against the verifier on exchange); Cancel
 *   links to the callback with error=access_denied, as a provider's own page would.
 * - GET /auth/sandbox/instagram: the sample profiles and their bios; POST sets one (form or JSON username, bio),
 *   behind the same-origin check of every state-changing request (csrf.ts).
 */
export async function networkSandboxPlugin(app: FastifyInstance, options: NetworkSandboxOptions): Promise<void> {
  app.addHook("onRequest", csrfGuard);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  for (const provider of Object.values(options.providers.oauth)) {
    if (provider.sandbox) registerConsentPage(app, provider.type);
  }
  if (options.providers.instagram.sandbox) registerProfilesPage(app, options);
}

function registerConsentPage(app: FastifyInstance, type: OAuthNetworkType): void {
  const callback = (params: Record<string, string>) => `${oauthCallbackPath(type)}?${new URLSearchParams(params)}`;

  app.get(sandboxConsentPath(type), async (request, reply) => {
    pageHeaders(reply);
    const query = consentQuery.safeParse(request.query);
    if (!query.success) {
      reply.code(400);
      return wantsHtml(request.headers.accept) ? html(reply, renderBadConsentLinkPage(type)) : failure("invalid");
    }
    const { state, code_challenge: challenge } = query.data;
    // The hidden demo sample is the demo influencer's own: only the seed's tokens reach it.
    const choices = SANDBOX_OAUTH_SAMPLES[type]
      .filter((sample) => !sample.hidden)
      .map((sample) => ({
        sample,
        href: callback({ code: sandboxAuthorizationCode(sample.id, challenge), state }),
      }));
    const cancel = callback({ error: "access_denied", state });
    if (wantsHtml(request.headers.accept)) return html(reply, renderConsentPage(type, choices, cancel));
    return success({
      samples: choices.map(({ sample, href }) => ({
        id: sample.id,
        label: sample.label,
        outcome: sample.outcome,
        href,
      })),
      cancel,
    });
  });
}

function registerProfilesPage(app: FastifyInstance, { db, clock }: NetworkSandboxOptions): void {
  const answerProfiles = async (request: FastifyRequest, reply: FastifyReply, state: ProfilesPageState) => {
    const profiles = (await readSandboxProfiles(db)).map(({ profile, bio }) => ({
      username: profile.username,
      outcome: profile.outcome,
      followers: profile.account.followers,
      isPrivate: profile.account.isPrivate,
      bio,
    }));
    if (wantsHtml(request.headers.accept)) {
      return html(reply, renderInstagramProfilesPage(profiles, SANDBOX_BIO_MAX_LENGTH, state));
    }
    return success({ profiles, maxBioLength: SANDBOX_BIO_MAX_LENGTH });
  };

  app.get(SANDBOX_BIOS_PATH, async (request, reply) => {
    pageHeaders(reply);
    const query = savedQuery.safeParse(request.query);
    return answerProfiles(request, reply, { saved: query.success ? query.data.saved : undefined });
  });

  app.post(SANDBOX_BIOS_PATH, async (request, reply) => {
    pageHeaders(reply);
    const browser = wantsHtml(request.headers.accept);
    const body = bioBody.safeParse(request.body);
    if (!body.success) {
      reply.code(400);
      return browser
        ? answerProfiles(request, reply, { problem: { username: "", message: "Choose a profile and write its bio." } })
        : failure("invalid");
    }
    const result = await setSandboxBio(db, clock, body.data.username, body.data.bio);
    if (result.ok) {
      if (!browser) return success({ username: result.username });
      // Post, then redirect, then get: reloading the page does not post the bio again.
      return reply.redirect(`${SANDBOX_BIOS_PATH}?${new URLSearchParams({ saved: result.username })}`, 303);
    }
    const unknown = result.problem === "unknown_profile";
    reply.code(unknown ? 404 : 400);
    if (!browser) return failure(unknown ? "not_found" : "too_big");
    const message = unknown
      ? "No sample profile has this username."
      : `A bio has at most ${SANDBOX_BIO_MAX_LENGTH} characters.`;
    return answerProfiles(request, reply, { problem: { username: body.data.username, message } });
  });
}
