/**
 * The layering of the web app's source (apps/web/src), which biome's noRestrictedImports cannot say because it
 * matches specifiers, not the files they resolve to:
 * - a feature (features/<name>/, a screen or a dialog with its own parts) never imports another feature: what
 *   two features share lives in lib/ (logic, hooks, formatting, URL state) or ui/ (components);
 * - lib/ and ui/ sit below the features and the app frame: they never import features/, app/ or routes/.
 * app/ (boot, router, the frame around every screen) and routes/ compose features freely.
 */
import { dirname, posix } from "node:path";
import ts from "typescript";

export const WEB_SRC = "apps/web/src";

export interface FeatureImportException {
  /** The importing feature. */
  from: string;
  /** The imported file under features/, without its extension. */
  to: string;
  why: string;
}

/** The cross-feature imports kept on purpose, each with its reason; anything else fails the lint. */
export const EXCEPTIONS: readonly FeatureImportException[] = [
  {
    from: "deal-page",
    to: "proposal/proposal-dialog",
    why:
      "the deal page opens the proposal modal, a dialog of its own (spec: modes new, update and change) that the " +
      "application page will open too; a screen composing another feature's whole dialog is not shared code",
  },
  {
    from: "application-page",
    to: "proposal/proposal-dialog",
    why: "the application page opens the proposal modal in update mode for the influencer, as the deal page does",
  },
  {
    from: "application-page",
    to: "proposal/change-request-dialog",
    why: "the application page opens the proposal modal in change mode for the brand (spec: modes new, update, change)",
  },
];

export interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface ImportProblem {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

type Area = { kind: "feature"; name: string } | { kind: "lib" | "ui" | "app" | "routes" | "other" };

function areaOf(path: string): Area | null {
  if (!path.startsWith(`${WEB_SRC}/`)) return null;
  const [top, name] = path.slice(WEB_SRC.length + 1).split("/");
  if (top === "features" && name !== undefined) return { kind: "feature", name };
  if (top === "lib" || top === "ui" || top === "app" || top === "routes") return { kind: top };
  return { kind: "other" };
}

const withoutExtension = (path: string): string => path.replace(/\.(tsx?|jsx?|mjs)$/, "");

/** The relative imports of a file (static, type-only, re-exports and dynamic), with their lines. */
function relativeImports(file: SourceFile): { specifier: string; line: number }[] {
  return ts
    .preProcessFile(file.text, true, true)
    .importedFiles.filter((reference) => reference.fileName.startsWith("."))
    .map((reference) => ({
      specifier: reference.fileName,
      line: file.text.slice(0, reference.pos).split("\n").length,
    }));
}

/** What breaks the layering, and the exceptions no import uses any more (so the list stays true). */
export function featureImportProblems(
  files: readonly SourceFile[],
  exceptions: readonly FeatureImportException[] = EXCEPTIONS,
): { problems: ImportProblem[]; unusedExceptions: FeatureImportException[] } {
  const problems: ImportProblem[] = [];
  const used = new Set<FeatureImportException>();
  for (const file of files) {
    const source = areaOf(file.path);
    if (source === null) continue;
    for (const { specifier, line } of relativeImports(file)) {
      const resolved = posix.normalize(posix.join(dirname(file.path), specifier));
      const target = areaOf(resolved);
      if (target === null) continue;
      if (source.kind === "feature" && target.kind === "feature" && source.name !== target.name) {
        const exception = exceptions.find(
          (candidate) =>
            candidate.from === source.name && `${WEB_SRC}/features/${candidate.to}` === withoutExtension(resolved),
        );
        if (exception) {
          used.add(exception);
          continue;
        }
        problems.push({
          file: file.path,
          line,
          specifier,
          message:
            `features/${source.name} imports features/${target.name}: move what they share to src/lib or src/ui ` +
            "(or, for a whole screen or dialog composed on purpose, add an exception in scripts/feature-imports.ts)",
        });
      }
      if ((source.kind === "lib" || source.kind === "ui") && ["feature", "app", "routes"].includes(target.kind)) {
        problems.push({
          file: file.path,
          line,
          specifier,
          message: `src/${source.kind} imports ${resolved.slice(WEB_SRC.length + 1)}: lib and ui sit below the features and the app`,
        });
      }
    }
  }
  return { problems, unusedExceptions: exceptions.filter((exception) => !used.has(exception)) };
}
