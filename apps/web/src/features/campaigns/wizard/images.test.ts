import { describe, expect, it } from "vitest";
import { imageIds, imageUploaded, isUploading, moveImage, removeImage, takeFiles, type WizardImage } from "./images";

const ready = (id: string): WizardImage => ({ key: id, status: "ready", id, url: `/files/${id}` });

describe("wizard images", () => {
  it("takes files up to 3 and drops the extras", () => {
    expect(takeFiles(0, ["a", "b"])).toEqual({ taken: ["a", "b"], dropped: 0 });
    expect(takeFiles(0, ["a", "b", "c", "d", "e"])).toEqual({ taken: ["a", "b", "c"], dropped: 2 });
    expect(takeFiles(2, ["a", "b"])).toEqual({ taken: ["a"], dropped: 1 });
    expect(takeFiles(3, ["a"])).toEqual({ taken: [], dropped: 1 });
  });

  it("moves an image by index", () => {
    const list = ["a", "b", "c"];
    expect(moveImage(list, 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveImage(list, 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveImage(list, 1, 0)).toEqual(["b", "a", "c"]);
    expect(moveImage(list, 1, 2)).toEqual(["a", "c", "b"]);
    // Out of range: clamped or unchanged.
    expect(moveImage(list, 0, -1)).toBe(list);
    expect(moveImage(list, 2, 5)).toBe(list);
    expect(moveImage(list, 5, 0)).toBe(list);
    expect(list).toEqual(["a", "b", "c"]);
  });

  it("removes an image, completes an upload in place and lists the stored ids in order", () => {
    const uploading: WizardImage = { key: "k", status: "uploading", preview: "blob:x" };
    const list = [ready("a"), uploading, ready("c")];
    expect(isUploading(list)).toBe(true);
    expect(imageIds(list)).toEqual(["a", "c"]);
    const done = imageUploaded(list, "k", { id: "b", url: "/files/b" });
    expect(isUploading(done)).toBe(false);
    expect(imageIds(done)).toEqual(["a", "b", "c"]);
    expect(imageIds(removeImage(done, "a"))).toEqual(["b", "c"]);
  });
});
