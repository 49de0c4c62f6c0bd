import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Speed code stays in sight (docs/performance.md): every module of a `speed/` folder is named in that folder's README
 * with the library it reaches into, why, and the test that proves it, so a new piece cannot slip in undescribed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["apps/server/src/speed", "packages/api/src/speed", "packages/db/src/speed"];

describe("the speed folders' READMEs", () => {
  it.each(FOLDERS)("%s names each of its modules and the test of each", (folder) => {
    const files = readdirSync(path.join(root, folder));
    const readme = readFileSync(path.join(root, folder, "README.md"), "utf8");
    const modules = files.filter((file) => file.endsWith(".ts") && !/\.test\.ts$/.test(file));
    const tests = files.filter((file) => /\.test\.ts$/.test(file));
    expect(modules.filter((file) => !readme.includes(`\`${file}\``))).toEqual([]);
    expect(tests.filter((file) => !readme.includes(`\`${file}\``))).toEqual([]);
  });

  it("are the ones docs/performance.md lists", () => {
    const performance = readFileSync(path.join(root, "docs", "performance.md"), "utf8");
    expect(FOLDERS.filter((folder) => !performance.includes(`\`${folder}/\``))).toEqual([]);
  });
});
