import { describe, expect, it } from "vitest";
import { previewUrl } from "./file-preview";

const file = (name: string, type: string) => ({ name, type, url: "/files/f1" });

describe("previewUrl", () => {
  it("shows an image by its stored type or its name, from the inline address", () => {
    expect(previewUrl(file("photo.png", "image/png"))).toBe("/files/f1?inline=1");
    expect(previewUrl(file("scan", "image/jpeg"))).toBe("/files/f1?inline=1");
    expect(previewUrl(file("anim.gif", "image/gif"))).toBe("/files/f1?inline=1");
    // A WebP is stored as opaque bytes: its name is enough to try (the server judges the bytes).
    expect(previewUrl(file("Holiday.WEBP", "application/octet-stream"))).toBe("/files/f1?inline=1");
    expect(previewUrl(file("me.jpeg", "application/octet-stream"))).toBe("/files/f1?inline=1");
    expect(previewUrl({ ...file("a.png", "image/png"), url: "/files/f1?v=2" })).toBe("/files/f1?v=2&inline=1");
  });

  it("keeps every other file a download, SVG included", () => {
    expect(previewUrl(file("brief.pdf", "application/pdf"))).toBeNull();
    expect(previewUrl(file("notes.txt", "text/plain"))).toBeNull();
    expect(previewUrl(file("logo.svg", "image/svg+xml"))).toBeNull();
    expect(previewUrl(file("photo.png.zip", "application/zip"))).toBeNull();
  });
});
