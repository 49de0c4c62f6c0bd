import { describe, expect, it } from "vitest";
import { arrowDirection, stepIndex, swipeDirection, wrapIndex } from "./carousel";

describe("wrapIndex", () => {
  it("keeps an index in range and wraps both ends", () => {
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(2, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
  });
  it("answers 0 without images", () => {
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("stepIndex", () => {
  it("goes from the last image to the first and back", () => {
    expect(stepIndex(2, "next", 3)).toBe(0);
    expect(stepIndex(0, "previous", 3)).toBe(2);
    expect(stepIndex(1, "next", 3)).toBe(2);
    expect(stepIndex(0, "next", 1)).toBe(0);
  });
});

describe("swipeDirection", () => {
  it("reads a leftward swipe as next and a rightward one as previous", () => {
    expect(swipeDirection({ x: 300, y: 100 }, { x: 200, y: 110 })).toBe("next");
    expect(swipeDirection({ x: 100, y: 100 }, { x: 200, y: 90 })).toBe("previous");
  });
  it("counts a swipe from the threshold (50 px) on", () => {
    expect(swipeDirection({ x: 100, y: 0 }, { x: 50, y: 0 })).toBe("next");
    expect(swipeDirection({ x: 100, y: 0 }, { x: 51, y: 0 })).toBeNull();
    expect(swipeDirection({ x: 100, y: 0 }, { x: 150, y: 0 })).toBe("previous");
    expect(swipeDirection({ x: 100, y: 0 }, { x: 149, y: 0 })).toBeNull();
  });
  it("ignores taps and mostly vertical moves", () => {
    expect(swipeDirection({ x: 10, y: 10 }, { x: 10, y: 10 })).toBeNull();
    expect(swipeDirection({ x: 100, y: 0 }, { x: 40, y: 200 })).toBeNull();
    expect(swipeDirection({ x: 100, y: 0 }, { x: 40, y: 60 })).toBeNull();
  });
  it("takes another threshold", () => {
    expect(swipeDirection({ x: 0, y: 0 }, { x: -20, y: 0 }, 20)).toBe("next");
  });
});

describe("arrowDirection", () => {
  const plain = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
  it("maps the arrow keys", () => {
    expect(arrowDirection({ ...plain, key: "ArrowRight" })).toBe("next");
    expect(arrowDirection({ ...plain, key: "ArrowLeft" })).toBe("previous");
    expect(arrowDirection({ ...plain, key: "ArrowUp" })).toBeNull();
    expect(arrowDirection({ ...plain, key: "Enter" })).toBeNull();
  });
  it("leaves modified arrows to the browser", () => {
    expect(arrowDirection({ ...plain, key: "ArrowRight", altKey: true })).toBeNull();
    expect(arrowDirection({ ...plain, key: "ArrowLeft", metaKey: true })).toBeNull();
  });
});
