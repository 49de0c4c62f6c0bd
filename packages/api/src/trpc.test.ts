import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Context } from "./context";
import {
  brandProcedure,
  createCallerFactory,
  influencerProcedure,
  publicProcedure,
  router,
  signedInProcedure,
} from "./trpc";
import type { Viewer } from "./viewer";

const input = z.object({ text: z.string() });
const gates = router({
  open: publicProcedure.input(input).query(({ input }) => input.text),
  signedIn: signedInProcedure.input(input).query(({ ctx }) => ctx.viewer.username),
  brand: brandProcedure.input(input).query(({ ctx }) => ctx.viewer.username),
  influencer: influencerProcedure.input(input).query(({ ctx }) => ctx.viewer.username),
});

const viewer = (kind: Viewer["kind"]): Viewer => ({
  sessionId: "s",
  userId: 1,
  kind,
  username: `${kind}-user`,
  impersonatorId: null,
});
// The gates read the viewer alone: the rest of the context is not needed here.
const as = (who: Viewer | null) => createCallerFactory(gates)({ viewer: who } as Context);

/** The reason a call fails with, or its answer. */
async function outcome(call: Promise<string>): Promise<string> {
  try {
    return `ok: ${await call}`;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("procedure gates", () => {
  it("let in whom they name, with the viewer, and refuse the others", async () => {
    const text = { text: "hi" };
    expect(await outcome(as(null).open(text))).toBe("ok: hi");
    expect(await outcome(as(null).signedIn(text))).toBe("unauthorized");
    expect(await outcome(as(viewer("brand")).signedIn(text))).toBe("ok: brand-user");
    expect(await outcome(as(viewer("influencer")).signedIn(text))).toBe("ok: influencer-user");
    expect(await outcome(as(viewer("brand")).brand(text))).toBe("ok: brand-user");
    expect(await outcome(as(viewer("influencer")).brand(text))).toBe("forbidden");
    expect(await outcome(as(null).brand(text))).toBe("unauthorized");
    expect(await outcome(as(viewer("influencer")).influencer(text))).toBe("ok: influencer-user");
    expect(await outcome(as(viewer("brand")).influencer(text))).toBe("forbidden");
  });

  it("refuse unusable input before asking who calls, for everyone", async () => {
    const nul = { text: "a\u0000b" };
    expect(await outcome(as(null).open(nul))).toBe("invalid");
    expect(await outcome(as(null).signedIn(nul))).toBe("invalid");
    expect(await outcome(as(viewer("influencer")).brand(nul))).toBe("invalid");
    expect(await outcome(as(viewer("brand")).influencer(nul))).toBe("invalid");
  });
});

describe("a signed-in mutation", () => {
  const writes = router({
    read: signedInProcedure.input(input).query(({ input }) => input.text),
    write: signedInProcedure.input(input).mutation(({ input }) => input.text),
    refused: signedInProcedure.input(input).mutation((): string => {
      throw new Error("the write failed");
    }),
  });

  it("forgets its writer's cached reads before it answers, failed or not; a query forgets nothing", async () => {
    const forgotten: number[][] = [];
    const userReads = { forgetUsers: (ids: Iterable<number>) => forgotten.push([...ids]) };
    const caller = createCallerFactory(writes)({ viewer: viewer("brand"), userReads } as unknown as Context);
    await caller.read({ text: "a" });
    expect(forgotten).toEqual([]);
    const answer = caller.write({ text: "b" }).then((text) => ({ text, forgottenBefore: forgotten.length }));
    expect(await answer).toEqual({ text: "b", forgottenBefore: 1 });
    await expect(caller.refused({ text: "c" })).rejects.toThrow("the write failed");
    expect(forgotten).toEqual([[1], [1]]);
  });
});
