import { type ApplicationPageView, type DeliveredPostView, POST_URL_HINTS, workDoneInput } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { draftErrors, initialDraft, linkProblem, serverDraftErrors, workDoneBody } from "./work-done-draft";

const price = (network: "youtube" | "instagram" | "twitter", hired: boolean, link: string | null = null) =>
  ({ network, hired, link }) as ApplicationPageView["prices"][number];

const post = (network: "youtube" | "instagram", url: string) => ({ network, url }) as DeliveredPostView;

const YOUTUBE = "https://youtu.be/dQw4w9WgXcQ";
const INSTAGRAM = "instagram.com/reel/Cx_y-Z12345";

describe("the work-done draft", () => {
  it("opens with a line per hired network only, empty before any delivery", () => {
    const draft = initialDraft({
      prices: [price("youtube", true), price("twitter", false), price("instagram", true)],
      delivery: null,
    });
    expect(draft).toEqual({
      links: [
        { network: "youtube", url: "" },
        { network: "instagram", url: "" },
      ],
      files: [],
      note: "",
    });
  });

  it("redelivers from the previous delivery's links, else the price line's link", () => {
    const delivery = {
      current: { posts: [post("youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ")] },
      history: [],
    } as unknown as ApplicationPageView["delivery"];
    const draft = initialDraft({
      prices: [price("youtube", true, "https://old"), price("instagram", true, "https://www.instagram.com/p/abcde/")],
      delivery,
    });
    expect(draft.links).toEqual([
      { network: "youtube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { network: "instagram", url: "https://www.instagram.com/p/abcde/" },
    ]);
  });

  it("checks each link by its own network's rule, as the server does", () => {
    expect(linkProblem("youtube", YOUTUBE)).toBeNull();
    expect(linkProblem("instagram", YOUTUBE)).toBe(POST_URL_HINTS.instagram);
    expect(linkProblem("youtube", "  ")).toBe("Paste the link of your post.");
    expect(
      draftErrors({
        links: [
          { network: "youtube", url: YOUTUBE },
          { network: "instagram", url: "https://x.com/a/status/1" },
        ],
        files: [],
        note: "n".repeat(2_001),
      }),
    ).toEqual({ instagram: POST_URL_HINTS.instagram, note: "At most 2000 characters." });
  });

  it("sends a body the contract reads: links trimmed, the files' ids, a blank note as null", () => {
    const body = workDoneBody(7, {
      links: [
        { network: "youtube", url: ` ${YOUTUBE} ` },
        { network: "instagram", url: INSTAGRAM },
      ],
      files: [{ id: "0b0e8a1c-5d2f-4f5e-9a51-6f0c2d3e4a5b", name: "shot.png" }],
      note: "  ",
    });
    expect(body).toEqual({
      id: 7,
      deliverables: [
        { network: "youtube", url: YOUTUBE },
        { network: "instagram", url: INSTAGRAM },
      ],
      files: ["0b0e8a1c-5d2f-4f5e-9a51-6f0c2d3e4a5b"],
      note: null,
    });
    expect(workDoneInput.safeParse(body).success).toBe(true);
  });

  it("puts the server's issues back on the fields of the draft sent", () => {
    const sent = {
      links: [
        { network: "youtube" as const, url: YOUTUBE },
        { network: "instagram" as const, url: INSTAGRAM },
      ],
      files: [],
      note: "",
    };
    expect(
      serverDraftErrors(
        [
          { path: ["deliverables", 1, "network"], message: "Instagram was not hired." },
          { path: ["deliverables", 1, "url"], message: "second, dropped" },
          { path: ["data", "deliverables", 0, "url"], message: "Not on YouTube." },
          { path: ["files", 0], message: "This file is not one of the chat's." },
          { path: ["deliverables"], message: "Add the link of your X (Twitter) post." },
          { path: ["note"], message: "" },
        ],
        sent,
      ),
    ).toEqual({
      instagram: "Instagram was not hired.",
      youtube: "Not on YouTube.",
      files: "This file is not one of the chat's.",
      "": "Add the link of your X (Twitter) post.",
    });
  });
});
