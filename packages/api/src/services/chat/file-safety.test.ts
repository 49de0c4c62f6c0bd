import { describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../../testing/images";
import { extensionOf, judgeChatFile } from "./file-safety";

const text = (value: string) => new TextEncoder().encode(value);

describe("extensionOf", () => {
  it("reads the last extension as Windows would, trailing dots, spaces and streams dropped", () => {
    expect(extensionOf("report.PDF")).toBe("pdf");
    expect(extensionOf("invoice.pdf.exe")).toBe("exe");
    expect(extensionOf("trick.exe. . ")).toBe("exe");
    expect(extensionOf("hidden.exe::$DATA")).toBe("exe");
    expect(extensionOf("README")).toBe("");
  });
});

describe("judgeChatFile", () => {
  it("lets the files people exchange through, typed by their bytes", () => {
    expect(judgeChatFile(pngBytes(), "photo.png")).toEqual({ ok: true, contentType: "image/png" });
    expect(judgeChatFile(jpegBytes(), "photo.jpeg")).toEqual({ ok: true, contentType: "image/jpeg" });
    expect(judgeChatFile(text("%PDF-1.7\n..."), "brief.pdf")).toEqual({ ok: true, contentType: "application/pdf" });
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...text("[Content_Types].xml word/document.xml")]);
    expect(judgeChatFile(docx, "contract.docx")).toEqual({ ok: true, contentType: "application/zip" });
    expect(judgeChatFile(text("a,b\n1,2\n"), "stats.csv")).toEqual({ ok: true, contentType: "text/csv" });
    expect(judgeChatFile(text("Price < 300 and > 100; see <attached> notes"), "notes.txt")).toEqual({
      ok: true,
      contentType: "text/plain",
    });
    expect(judgeChatFile(text("raw"), "data.bin.dat")).toEqual({ ok: true, contentType: "application/octet-stream" });
  });

  it("lets an SVG-looking XML without script through only when its name is not a page's", () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    expect(judgeChatFile(svg, "logo.svg").ok).toBe(false);
    expect(judgeChatFile(svg, "logo.txt").ok).toBe(true);
    expect(judgeChatFile(text('<svg><a href="javascript:alert(1)">x</a></svg>'), "logo.txt").ok).toBe(false);
  });

  it("refuses UTF-16 pages too", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from("<html>").flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(judgeChatFile(utf16, "page.txt").ok).toBe(false);
  });

  it("names why a file is refused", () => {
    expect(judgeChatFile(text("hi"), "setup.exe")).toEqual({ ok: false, why: ".exe files are not allowed." });
    expect(judgeChatFile(new Uint8Array([0x4d, 0x5a, 0, 0]), "photo.jpg")).toEqual({
      ok: false,
      why: "This file is a program or script, which is not allowed.",
    });
  });
});
