import { DAY_MS, sandboxDeliverables } from "@market/contracts";
import {
  applicationPrices,
  chatMessages,
  deliveredPosts,
  deliveries,
  eq,
  files,
  postStatisticsSnapshots,
} from "@market/db";
import { statementCounter } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { callFailure, paidApplication } from "../../testing";
import { useHireFixture } from "../../testing/hire-fixture";
import { getApplication } from "../applications/get-application";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import { sweepPostChecks } from "./check-posts";
import { applicationDelivery } from "./delivery-view";
import { sweepStatisticsSnapshots } from "./snapshot-sweep";
import { sandboxPostVerifiers } from "./verifiers/sandbox";

/** Delivery with proof (issue 37): the done body, its history, its files, the check and the snapshots. */

const fixture = useHireFixture();
const { clock } = fixture;
type Paid = Awaited<ReturnType<typeof paidApplication>>;

const MINE = sandboxDeliverables(["instagram"]);
const OTHER_ACCOUNT = [{ network: "instagram" as const, url: "https://www.instagram.com/p/SbxLenaPost1/" }];
const UNKNOWN = [{ network: "instagram" as const, url: "https://www.instagram.com/p/SbxNoSuch001/" }];
const DOWN = [{ network: "instagram" as const, url: "https://www.instagram.com/p/downPost0001/" }];

/** A file in the application's chat, sent by `senderId`, as POST /api/applications/{id}/file stores it. */
async function chatFile(applicationId: number, senderId: number, name = "proof.png") {
  const [file] = await fixture.db
    .insert(files)
    .values({
      ownerId: senderId,
      purpose: "chat_file",
      storageKey: `chat/${crypto.randomUUID()}`,
      originalName: name,
      contentType: "image/png",
      sizeBytes: 1234,
      sha256: "0".repeat(64),
    })
    .returning();
  if (!file) throw new Error("no file");
  await fixture.db.insert(chatMessages).values({ applicationId, senderId, type: "file", fileId: file.id });
  return file.id;
}

const done = (app: Paid, body: object, as: keyof Paid["callers"] = "influencer") =>
  app.callers[as].applications.workDone({ id: app.id, deliverables: MINE, ...body });

const linkOf = async (id: number) =>
  (await fixture.db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, id)))[0]?.link;

describe("work done with the delivery", () => {
  it("stores the posts, files and note, fills prices[].link, checks the post and shows it all on the page", async () => {
    const app = await paidApplication(fixture.db, clock);
    const file = await chatFile(app.id, app.influencer.id);
    await done(app, {
      deliverables: [{ network: "instagram", url: "instagram.com/reel/minePost0001?igsh=x" }],
      files: [file],
      note: " Live! ",
    });

    expect(await linkOf(app.id)).toBe("https://www.instagram.com/reel/minePost0001/");
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page.prices[0]?.link).toBe("https://www.instagram.com/reel/minePost0001/");
    expect(page.delivery?.history).toEqual([]);
    expect(page.delivery?.current).toMatchObject({
      deliveredAt: clock.now(),
      note: "Live!",
      changesRequest: null,
      files: [
        {
          id: file,
          name: "proof.png",
          mime: "image/png",
          size: 1234,
          url: `/files/${file}`,
          thumbnailUrl: `/files/${file}?inline=1`,
        },
      ],
      posts: [
        {
          network: "instagram",
          url: "https://www.instagram.com/reel/minePost0001/",
          kind: "reel",
          postId: "minePost0001",
          account: { title: expect.any(String) },
          publishedAt: clock.now(),
          statistics: { views: 1_200, likes: 85, comments: 7 },
          snapshots: [{ kind: "initial", takenAt: clock.now(), views: 1_200, likes: 85, comments: 7 }],
          check: { state: "verified", checkedAt: clock.now() },
          changesRequested: false,
        },
      ],
    });
    // The influencer reads the same delivery.
    const own = await app.callers.influencer.applications.get({ id: app.id });
    expect(own.delivery?.current.posts[0]?.check.state).toBe("verified");
  });

  it("refuses a bad link, a network not hired, a missing one and another chat's file with invalid: nothing changes", async () => {
    const app = await paidApplication(fixture.db, clock);
    const other = await paidApplication(fixture.db, clock);
    const stranger = await chatFile(other.id, other.influencer.id);
    const refusals = [
      [
        { deliverables: [{ network: "instagram", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }] },
        ["deliverables", 0, "url"],
      ],
      [
        { deliverables: [...MINE, { network: "youtube", url: "https://youtu.be/dQw4w9WgXcQ" }] },
        ["deliverables", 1, "network"],
      ],
      [{ deliverables: [{ network: "youtube", url: "https://youtu.be/dQw4w9WgXcQ" }] }, ["deliverables", 0, "network"]],
      [{ deliverables: [] }, ["deliverables"]],
      [{ files: [stranger] }, ["files", 0]],
      [{ files: ["not-a-uuid"] }, ["files", 0]],
      [{ note: "x".repeat(2_001) }, ["note"]],
    ] as const;
    for (const [body, path] of refusals) {
      const failure = await callFailure(done(app, body));
      expect(failure, JSON.stringify(path)).toMatchObject({ reason: "invalid" });
      expect(failure.issues, JSON.stringify(path)).toContain(path.join("."));
    }
    expect(await fixture.db.select().from(deliveries).where(eq(deliveries.applicationId, app.id))).toEqual([]);
    expect(await linkOf(app.id)).toBeNull();
    expect((await fixture.rowOf(app.id)).moneyReleaseDate).toBeNull();
  });

  it("is the influencer's (an admin acting as them too): the brand, another influencer and a visitor cannot", async () => {
    const app = await paidApplication(fixture.db, clock);
    expect(await callFailure(done(app, {}, "brand"))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(done(app, {}, "adminAsBrand"))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(done(app, {}, "otherInfluencer"))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(done(app, {}, "visitor"))).toMatchObject({ reason: "unauthorized" });
    await done(app, {}, "adminAsInfluencer");
    const [row] = await fixture.db.select().from(deliveries).where(eq(deliveries.applicationId, app.id));
    expect(row).toMatchObject({ userId: app.influencer.id, impersonatorId: app.admin.id });
  });

  it("the brand's request for changes names posts; the redelivery replaces the links and keeps the history", async () => {
    const app = await paidApplication(fixture.db, clock);
    await done(app, { deliverables: UNKNOWN });
    clock.advance(DAY_MS);
    const refused = await callFailure(
      app.callers.brand.applications.workNotDone({ id: app.id, text: "Wrong post", networks: ["youtube"] }),
    );
    expect(refused).toMatchObject({ reason: "invalid", issues: ["networks.0"] });
    await app.callers.brand.applications.workNotDone({ id: app.id, text: "Wrong post", networks: ["instagram"] });
    const contested = await app.callers.influencer.applications.get({ id: app.id });
    expect(contested.delivery?.current).toMatchObject({
      changesRequest: { at: clock.now(), text: "Wrong post", networks: ["instagram"] },
      posts: [
        { check: { state: "not_found", message: "We could not find this post on Instagram." }, changesRequested: true },
      ],
    });

    clock.advance(DAY_MS);
    await done(app, {});
    expect(await linkOf(app.id)).toBe(MINE[0]?.url);
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page.delivery?.current).toMatchObject({ deliveredAt: clock.now(), changesRequest: null });
    expect(page.delivery?.current.posts[0]).toMatchObject({ url: MINE[0]?.url, check: { state: "verified" } });
    expect(page.delivery?.history).toMatchObject([
      {
        posts: [{ url: "https://www.instagram.com/p/SbxNoSuch001/", changesRequested: true }],
        changesRequest: { text: "Wrong post" },
      },
    ]);
  });

  it("is read with the page in its one statement, as the console's case reads it alone (issue 33)", async () => {
    const app = await paidApplication(fixture.db, clock);
    const file = await chatFile(app.id, app.influencer.id);
    await done(app, { deliverables: UNKNOWN, files: [file], note: "First" });
    clock.advance(DAY_MS);
    await app.callers.brand.applications.workNotDone({ id: app.id, text: "Wrong post", networks: ["instagram"] });
    clock.advance(DAY_MS);
    await done(app, {});
    clock.advance(DAY_MS);
    await sweepStatisticsSnapshots(
      {
        db: fixture.db,
        clock,
        postVerifiers: sandboxPostVerifiers(clock),
        tokenCipher: createTokenCipher(DEV_NETWORK_TOKEN_KEY),
      },
      clock.now(),
    );
    const counting = statementCounter(fixture.handle);
    const viewer = {
      sessionId: "s",
      userId: app.brand.id,
      kind: "brand" as const,
      username: app.brand.username,
      impersonatorId: null,
    };
    const page = await getApplication({ db: counting.db, clock }, viewer, app.id);
    expect(counting.statements()).toBe(1);
    const delivered = new Date(clock.now().getTime() - DAY_MS);
    const contested = new Date(delivered.getTime() - DAY_MS);
    const first = new Date(contested.getTime() - DAY_MS);
    expect(page.delivery).toMatchObject({
      current: {
        deliveredAt: delivered,
        note: null,
        files: [],
        changesRequest: null,
        posts: [
          {
            network: "instagram",
            check: { state: "verified", checkedAt: delivered },
            changesRequested: false,
            snapshots: [
              { kind: "initial", takenAt: delivered },
              { kind: "day1", takenAt: clock.now() },
            ],
          },
        ],
      },
      history: [
        {
          deliveredAt: first,
          note: "First",
          files: [
            { id: file, name: "proof.png", mime: "image/png", size: 1234, thumbnailUrl: `/files/${file}?inline=1` },
          ],
          changesRequest: { at: contested, text: "Wrong post", networks: ["instagram"] },
          posts: [{ url: "https://www.instagram.com/p/SbxNoSuch001/", kind: "post", changesRequested: true }],
        },
      ],
    });
    // The instants are Dates, as drizzle's columns gave them; the console's case reads the same deliveries.
    expect(page.delivery?.current.posts[0]?.snapshots[1]?.takenAt).toBeInstanceOf(Date);
    expect(await applicationDelivery(fixture.db, app.id)).toEqual(page.delivery);
    expect(await applicationDelivery(fixture.db, 2_000_000_000)).toBeNull();
  });

  it("stores another account's post as other_account, an API outage as unavailable, retried by the sweep", async () => {
    const app = await paidApplication(fixture.db, clock);
    await done(app, { deliverables: OTHER_ACCOUNT });
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page.delivery?.current.posts[0]?.check).toMatchObject({
      state: "other_account",
      message: "This post is not on the Instagram account linked to this proposal.",
    });

    const down = await paidApplication(fixture.db, clock);
    await done(down, { deliverables: DOWN });
    const [post] = await fixture.db
      .select()
      .from(deliveredPosts)
      .innerJoin(deliveries, eq(deliveries.id, deliveredPosts.deliveryId))
      .where(eq(deliveries.applicationId, down.id));
    expect(post?.delivered_posts).toMatchObject({ checkState: "unavailable", checkAttempts: 1 });
    // Not due yet: the sweep leaves it; once due, it asks again (the sandbox is still down: a second attempt).
    const deps = {
      db: fixture.db,
      clock,
      postVerifiers: sandboxPostVerifiers(clock),
      tokenCipher: createTokenCipher(DEV_NETWORK_TOKEN_KEY),
    };
    expect(await sweepPostChecks(deps, clock.now())).toBe(0);
    clock.advance(6 * 60_000);
    expect(await sweepPostChecks(deps, clock.now())).toBeGreaterThanOrEqual(1);
    const [again] = await fixture.db
      .select()
      .from(deliveredPosts)
      .where(eq(deliveredPosts.id, post?.delivered_posts.id ?? 0));
    expect(again).toMatchObject({ checkState: "unavailable", checkAttempts: 2 });
  });

  it("reads the statistics again one day and seven days after the delivery, once each", async () => {
    const app = await paidApplication(fixture.db, clock);
    await done(app, {});
    const deps = {
      db: fixture.db,
      clock,
      postVerifiers: sandboxPostVerifiers(clock),
      tokenCipher: createTokenCipher(DEV_NETWORK_TOKEN_KEY),
    };
    const [post] = await fixture.db
      .select({ id: deliveredPosts.id })
      .from(deliveredPosts)
      .innerJoin(deliveries, eq(deliveries.id, deliveredPosts.deliveryId))
      .where(eq(deliveries.applicationId, app.id));
    const kinds = async () =>
      (
        await fixture.db
          .select()
          .from(postStatisticsSnapshots)
          .where(eq(postStatisticsSnapshots.deliveredPostId, post?.id ?? 0))
      ).map((snapshot) => snapshot.kind);
    clock.advance(DAY_MS);
    await sweepStatisticsSnapshots(deps, clock.now());
    // A second instance's run (the same due reading) takes nothing more.
    await sweepStatisticsSnapshots(deps, clock.now());
    expect((await kinds()).sort()).toEqual(["day1", "initial"]);
    clock.advance(6 * DAY_MS);
    await Promise.all([sweepStatisticsSnapshots(deps, clock.now()), sweepStatisticsSnapshots(deps, clock.now())]);
    expect((await kinds()).sort()).toEqual(["day1", "day7", "initial"]);
    const [row] = await fixture.db
      .select()
      .from(deliveredPosts)
      .where(eq(deliveredPosts.id, post?.id ?? 0));
    expect(row).toMatchObject({ nextSnapshotKind: null, nextSnapshotAt: null });
  });
});
