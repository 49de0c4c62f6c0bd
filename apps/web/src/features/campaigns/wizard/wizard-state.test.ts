import { describe, expect, it } from "vitest";
import { toDateInputValue } from "../../../lib/deadline";
import {
  type CampaignDraft,
  campaignInputOf,
  donePanel,
  draftFromDeal,
  emptyDraft,
  goNext,
  goTo,
  initialWizard,
  loadedWizard,
  nextStep,
  setField,
  toggleOption,
  validateStep,
} from "./wizard-state";

const now = new Date(2026, 2, 10, 12, 0);
const IMAGE = "0b6c1a3e-5f1d-4b8e-9d7a-2c4e6f8a0b1c";

const complete = (): CampaignDraft => ({
  ...emptyDraft(now),
  networks: ["instagram", "youtube"],
  title: "  Spring launch  ",
  category: "beauty",
  price: "p250_500",
  link: "https://example.com",
  aAbout: "Young adults",
  aCountries: ["us", "gb"],
  aLanguages: ["en"],
  description: "Show our new serum.",
  images: [{ key: IMAGE, status: "ready", id: IMAGE, url: "/files/x" }],
  extras: ["discount"],
  eDiscount: "20% off",
  eFree: "typed, then unchecked",
});

describe("campaign wizard state", () => {
  it("starts on networks with nothing marked and the default deadline", () => {
    const state = initialWizard(emptyDraft(now));
    expect(state.step).toBe("networks");
    expect(state.marks).toEqual({});
    expect(toDateInputValue(state.draft.deadline as Date)).toBe("2026-05-10");
  });

  it("validates the step it leaves, with per-field messages", () => {
    const state = goNext(initialWizard(emptyDraft(now)), now);
    expect(state.step).toBe("general");
    expect(state.marks).toEqual({ networks: "invalid" });
    expect(state.errors.networks).toEqual({ networks: "networks" });

    const left = goTo(state, "details", now);
    expect(left.step).toBe("details");
    expect(left.marks.general).toBe("invalid");
    expect(left.errors.general).toEqual({ title: "title", category: "category", price: "price", link: "link" });
    // A step jumped over stays unmarked.
    expect(left.marks.audience).toBeUndefined();
  });

  it("re-checks a marked step as its fields change", () => {
    let state = goNext(initialWizard(emptyDraft(now)), now);
    state = setField(state, "networks", ["blog"], now);
    expect(state.marks.networks).toBe("valid");
    expect(state.errors.networks).toEqual({});
    // An unmarked step stays quiet.
    state = setField(state, "title", "", now);
    expect(state.marks.general).toBeUndefined();
  });

  it("requires the text of each chosen extra", () => {
    const draft = { ...complete(), extras: ["discount", "free"] as CampaignDraft["extras"], eFree: "   " };
    expect(validateStep(draft, "extra", now)).toEqual({ eFree: "eFree" });
    expect(validateStep({ ...draft, extras: [] }, "extra", now)).toEqual({});
  });

  it("rejects a past deadline, an empty one and a link that is not http(s)", () => {
    const general = (patch: Partial<CampaignDraft>) => validateStep({ ...complete(), ...patch }, "general", now);
    expect(general({})).toEqual({});
    expect(general({ deadline: new Date(2026, 2, 9, 23, 59) })).toEqual({ deadline: "deadline_past" });
    expect(general({ deadline: null })).toEqual({ deadline: "deadline" });
    expect(general({ link: "ftp://example.com" })).toEqual({ link: "link" });
    expect(general({ title: "x".repeat(121) })).toEqual({ title: "too_long" });
  });

  it("asks for one line where a title, a link or an extra's text holds a line break", () => {
    const general = validateStep(
      { ...complete(), title: "Serum\n=cmd", link: "https://a.com/a\u0001" },
      "general",
      now,
    );
    expect(general).toEqual({ title: "single_line", link: "single_line" });
    const draft = { ...complete(), extras: ["discount"] as CampaignDraft["extras"], eDiscount: "10 %\r\noff" };
    expect(validateStep(draft, "extra", now)).toEqual({ eDiscount: "single_line" });
  });

  it("does not let a step pass while an image is uploading", () => {
    const draft = { ...complete(), images: [{ key: "k", status: "uploading" as const, preview: "blob:x" }] };
    expect(validateStep(draft, "details", now)).toEqual({ images: "images_uploading" });
  });

  it("validates every step on done and shows the incomplete notice with the invalid steps", () => {
    const draft = { ...complete(), aCountries: [], description: " " };
    const state = goTo(initialWizard(draft), "done", now);
    expect(state.step).toBe("done");
    expect(state.marks).toEqual({
      networks: "valid",
      general: "valid",
      audience: "invalid",
      details: "invalid",
      extra: "valid",
    });
    expect(donePanel(state)).toEqual({ kind: "incomplete", invalid: ["audience", "details"] });
    expect(campaignInputOf(state.draft, now)).toBeNull();
  });

  it("shows the ready panel once all steps are valid, and builds the trimmed input", () => {
    const state = goTo(initialWizard(complete()), "done", now);
    expect(donePanel(state)).toEqual({ kind: "ready" });
    const input = campaignInputOf(state.draft, now);
    expect(input).toMatchObject({
      title: "Spring launch",
      networks: ["instagram", "youtube"],
      images: [IMAGE],
      extras: ["discount"],
      eDiscount: "20% off",
      eFree: "",
    });
    expect(nextStep("extra")).toBe("done");
    expect(nextStep("done")).toBe("done");
  });

  it("opens a loaded campaign on the done step with every step checked", () => {
    const state = loadedWizard(complete(), now);
    expect(state.step).toBe("done");
    expect(donePanel(state)).toEqual({ kind: "ready" });
    // Leaving done for a step does not re-mark anything wrongly.
    expect(goTo(state, "general", now).marks.general).toBe("valid");
  });

  it("fills the draft from a stored campaign", () => {
    const draft = draftFromDeal({
      ...complete(),
      category: "beauty",
      price: "p250_500",
      id: 7,
      author: "Acme",
      deadline: new Date(2026, 4, 1, 23, 59),
      images: [{ id: IMAGE, url: "/files/a" }],
      created: now,
      updated: now,
      remainingDuration: 1,
      status: "open",
      paused: false,
      applicants: 0,
      badReview: false,
      reviewStatus: "NONE",
      reviewReason: null,
      isNew: true,
    });
    expect(draft.images).toEqual([{ key: IMAGE, status: "ready", id: IMAGE, url: "/files/a" }]);
    expect(draft.deadline).toEqual(new Date(2026, 4, 1, 23, 59));
    expect(draft.title).toBe("  Spring launch  ");
  });

  it("keeps 'all' alone and never lists an option twice", () => {
    expect(toggleOption(["us"], "gb", true)).toEqual(["us", "gb"]);
    expect(toggleOption(["us", "gb"], "us", true)).toEqual(["gb", "us"]);
    expect(toggleOption(["us", "gb"], "all", true)).toEqual(["all"]);
    expect(toggleOption(["all"], "us", true)).toEqual(["us"]);
    expect(toggleOption(["us", "gb"], "us", false)).toEqual(["gb"]);
  });
});
