import { describe, expect, it } from "vitest";
import { DELIVERY_MAX_FILES, DELIVERY_NOTE_MAX_LENGTH, hiredNetworkIssues, workDoneInput } from "./delivery";
import { POST_URL_HINTS } from "./post-urls";

const YOUTUBE = { network: "youtube", url: "https://youtu.be/dQw4w9WgXcQ?si=x" } as const;
const INSTAGRAM = { network: "instagram", url: "instagram.com/reel/Cx_y-Z12345" } as const;
const FILE = "0b0e8a1c-5d2f-4f5e-9a51-6f0c2d3e4a5b";

const issuesOf = (body: unknown) => {
  const parsed = workDoneInput.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map(({ path, message }) => ({ path, message }));
};

describe("workDoneInput", () => {
  it("reads each line by its network's rule, files once each, the note trimmed", () => {
    expect(
      workDoneInput.parse({
        id: 7,
        deliverables: [YOUTUBE, INSTAGRAM],
        files: [FILE, FILE.toUpperCase()],
        note: " hi ",
      }),
    ).toEqual({
      id: 7,
      deliverables: [
        {
          network: "youtube",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          postId: "dQw4w9WgXcQ",
          kind: "video",
        },
        {
          network: "instagram",
          url: "https://www.instagram.com/reel/Cx_y-Z12345/",
          postId: "Cx_y-Z12345",
          kind: "reel",
        },
      ],
      files: [FILE],
      note: "hi",
    });
  });

  it("takes no files and no note", () => {
    expect(workDoneInput.parse({ id: 7, deliverables: [YOUTUBE] })).toMatchObject({ files: [], note: null });
    expect(workDoneInput.parse({ id: 7, deliverables: [YOUTUBE], note: "  " }).note).toBeNull();
  });

  it("refuses a bad link on its line's url, a network twice on the second line", () => {
    expect(issuesOf({ id: 7, deliverables: [YOUTUBE, { network: "instagram", url: "https://youtu.be/x" }] })).toEqual([
      { path: ["deliverables", 1, "url"], message: POST_URL_HINTS.instagram },
    ]);
    expect(issuesOf({ id: 7, deliverables: [YOUTUBE, YOUTUBE] })).toEqual([
      { path: ["deliverables", 1, "network"], message: "This network appears twice." },
    ]);
  });

  it("refuses no deliverables, an unknown network, too many files, a bad file id, a long note", () => {
    expect(issuesOf({ id: 7 }).map((issue) => issue.path)).toEqual([["deliverables"]]);
    expect(issuesOf({ id: 7, deliverables: [] }).map((issue) => issue.path)).toEqual([["deliverables"]]);
    expect(issuesOf({ id: 7, deliverables: [{ network: "myspace", url: "x" }] })[0]?.path).toEqual([
      "deliverables",
      0,
      "network",
    ]);
    const files = Array.from({ length: DELIVERY_MAX_FILES + 1 }, () => FILE);
    expect(issuesOf({ id: 7, deliverables: [YOUTUBE], files }).map((issue) => issue.path)).toEqual([["files"]]);
    expect(issuesOf({ id: 7, deliverables: [YOUTUBE], files: ["../etc"] }).map((issue) => issue.path)).toEqual([
      ["files", 0],
    ]);
    const note = "a".repeat(DELIVERY_NOTE_MAX_LENGTH + 1);
    expect(issuesOf({ id: 7, deliverables: [YOUTUBE], note }).map((issue) => issue.path)).toEqual([["note"]]);
  });
});

describe("hiredNetworkIssues", () => {
  const lines = workDoneInput.parse({ id: 1, deliverables: [YOUTUBE, INSTAGRAM] }).deliverables;

  it("is empty when the lines are exactly the hired networks", () => {
    expect(hiredNetworkIssues(["instagram", "youtube"], lines)).toEqual([]);
  });

  it("names a line whose network was not hired and a hired network without a line", () => {
    expect(hiredNetworkIssues(["youtube", "twitter"], lines)).toEqual([
      { path: ["deliverables", 1, "network"], message: "Instagram was not hired." },
      { path: ["deliverables"], message: "Add the link of your X (Twitter) post." },
    ]);
  });
});
