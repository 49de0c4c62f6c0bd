import { describe, expect, it } from "vitest";
import { isSharedAnswer, shareAnswer } from "./shared-answer";

describe("shareAnswer", () => {
  it("freezes an answer deep and knows it as shared", () => {
    const answer = { influencers: [{ username: "a", networks: [{ type: "instagram" }] }], count: 1 };
    expect(isSharedAnswer(answer)).toBe(false);
    expect(shareAnswer(answer)).toBe(answer);
    expect(isSharedAnswer(answer)).toBe(true);
    expect(() => {
      answer.count = 2;
    }).toThrow(TypeError);
    expect(() => {
      answer.influencers[0]?.networks.push({ type: "youtube" });
    }).toThrow(TypeError);
    expect(answer).toEqual({ influencers: [{ username: "a", networks: [{ type: "instagram" }] }], count: 1 });
  });

  it("knows only what was shared: not its parts, not another object frozen elsewhere, not a primitive", () => {
    const answer = shareAnswer({ page: { items: [1] } });
    expect(isSharedAnswer(answer.page)).toBe(false);
    expect(isSharedAnswer(Object.freeze({ page: 1 }))).toBe(false);
    expect(shareAnswer(3)).toBe(3);
    expect(isSharedAnswer(3)).toBe(false);
    expect(isSharedAnswer(null)).toBe(false);
  });
});
