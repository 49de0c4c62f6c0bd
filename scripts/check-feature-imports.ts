/**
 * Part of `npm run lint`: fails when the web app's source breaks its layering (see feature-imports.ts), naming
 * each offending import, or when an exception of the list is no longer used.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { featureImportProblems, type SourceFile, WEB_SRC } from "./feature-imports";

/** The repository root, wherever the command runs from. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith(".gen.ts")) return [];
    return [{ path, text: readFileSync(join(ROOT, path), "utf8") }];
  });
}

const { problems, unusedExceptions } = featureImportProblems(sourceFiles(WEB_SRC));
for (const problem of problems) {
  console.error(`${problem.file}:${problem.line} "${problem.specifier}": ${problem.message}`);
}
for (const exception of unusedExceptions) {
  console.error(`scripts/feature-imports.ts: the exception ${exception.from} -> ${exception.to} is no longer used`);
}
if (problems.length > 0 || unusedExceptions.length > 0) process.exit(1);
