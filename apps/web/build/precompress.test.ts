import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress";

describe("precompressFolder", () => {
  it("writes .br and .gz beside the text files, nested ones too, that decompress to the same bytes", async () => {
    const folder = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(folder, "assets"));
    const script = "export const greeting = 'hello';\n".repeat(200);
    const page = `<!doctype html><title>app</title>${"<p>text</p>".repeat(100)}`;
    writeFileSync(join(folder, "assets", "main-abc.js"), script);
    writeFileSync(join(folder, "index.html"), page);
    await precompressFolder(folder);
    for (const [path, text] of [
      [join(folder, "assets", "main-abc.js"), script],
      [join(folder, "index.html"), page],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(text);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(text);
    }
  });

  it("leaves images alone, and a file its compression would not shrink", async () => {
    const folder = mkdtempSync(join(tmpdir(), "precompress-"));
    writeFileSync(join(folder, "logo.png"), Buffer.alloc(4096, 7));
    writeFileSync(join(folder, "tiny.js"), "1");
    await precompressFolder(folder);
    for (const name of ["logo.png.br", "logo.png.gz", "tiny.js.br", "tiny.js.gz"]) {
      expect(existsSync(join(folder, name)), name).toBe(false);
    }
  });
});
