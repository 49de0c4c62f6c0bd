import { describe, expect, it } from "vitest";
import { paginationKind, previousPage, totalPages, typedPage } from "./pagination";

describe("pagination", () => {
  it("counts pages of 15", () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(15)).toBe(1);
    expect(totalPages(16)).toBe(2);
    expect(totalPages(300)).toBe(20);
  });

  it("numbers the pages under 10, otherwise steps", () => {
    expect(paginationKind(1)).toBe("numbered");
    expect(paginationKind(9)).toBe("numbered");
    expect(paginationKind(10)).toBe("stepper");
    expect(paginationKind(20)).toBe("stepper");
  });

  it("clamps a typed page to 1..last", () => {
    expect(typedPage("5", 20)).toBe(5);
    expect(typedPage(" 7 ", 20)).toBe(7);
    expect(typedPage("0", 20)).toBe(1);
    expect(typedPage("-4", 20)).toBe(1);
    expect(typedPage("99", 20)).toBe(20);
    expect(typedPage("abc", 20)).toBeNull();
    expect(typedPage("", 20)).toBeNull();
    expect(typedPage("2.5", 20)).toBeNull();
  });

  it("goes back a page, or to the last page from one past it", () => {
    expect(previousPage(5, 20)).toBe(4);
    expect(previousPage(20, 20)).toBe(19);
    expect(previousPage(21, 20)).toBe(20);
    expect(previousPage(668, 20)).toBe(20);
    expect(previousPage(2, 20)).toBe(1);
  });
});
