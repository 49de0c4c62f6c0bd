import { describe, expect, it } from "vitest";
import { genderSplit, statisticsUrl } from "./profile-format";

describe("statisticsUrl", () => {
  it("links twitter, youtube and instagram", () => {
    expect(statisticsUrl("twitter", "@jane")).toBe("https://socialblade.com/twitter/user/jane");
    expect(statisticsUrl("youtube", "UC123")).toBe("https://socialblade.com/youtube/channel/UC123");
    expect(statisticsUrl("instagram", "jane doe")).toBe("https://socialblade.com/instagram/user/jane%20doe");
  });

  it("has no link for the other networks or a blank identifier", () => {
    expect(statisticsUrl("facebook", "jane")).toBeNull();
    expect(statisticsUrl("blog", "jane")).toBeNull();
    expect(statisticsUrl("twitter", "  ")).toBeNull();
  });
});

describe("genderSplit", () => {
  it("gives females as 100 minus males", () => {
    expect(genderSplit(60)).toEqual({ males: 60, females: 40 });
    expect(genderSplit(33.4)).toEqual({ males: 33, females: 67 });
    expect(genderSplit(0)).toEqual({ males: 0, females: 100 });
  });

  it("is null when unknown", () => {
    expect(genderSplit(null)).toBeNull();
  });
});
