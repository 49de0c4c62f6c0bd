import { describe, expect, it } from "vitest";
import { type FeatureImportException, featureImportProblems, type SourceFile } from "./feature-imports";

const file = (path: string, ...imports: string[]): SourceFile => ({
  path: `apps/web/src/${path}`,
  text: imports.join("\n"),
});

const problemsOf = (files: SourceFile[], exceptions: FeatureImportException[] = []) =>
  featureImportProblems(files, exceptions).problems.map(
    (problem) => `${problem.file}:${problem.line} ${problem.specifier}`,
  );

describe("featureImportProblems", () => {
  it("lets a feature import its own files, lib, ui and packages", () => {
    const files = [
      file(
        "features/find-deals/deal-item.tsx",
        'import { x } from "./deal-search-state";',
        'import { cx } from "../../lib/cx";',
        'import { Button } from "../../ui/button";',
        'import type { DealView } from "@market/contracts";',
      ),
      file("features/campaigns/page/campaign-page.tsx", 'import { actionsFor } from "../list/list-state";'),
    ];
    expect(problemsOf(files)).toEqual([]);
  });

  it("refuses another feature, at any depth and in any import form", () => {
    const files = [
      file(
        "features/find-deals/deal-item.tsx",
        'import { a } from "../find-influencers/find-state";',
        'import type { B } from "../campaigns/list/format";',
        'export { c } from "../shell/query-states";',
        'const d = () => import("../proposal/proposal-dialog");',
      ),
      file("features/campaigns/page/campaign-page.tsx", 'import { e } from "../../deal-page/deal-page";'),
    ];
    expect(problemsOf(files)).toEqual([
      "apps/web/src/features/find-deals/deal-item.tsx:1 ../find-influencers/find-state",
      "apps/web/src/features/find-deals/deal-item.tsx:2 ../campaigns/list/format",
      "apps/web/src/features/find-deals/deal-item.tsx:3 ../shell/query-states",
      "apps/web/src/features/find-deals/deal-item.tsx:4 ../proposal/proposal-dialog",
      "apps/web/src/features/campaigns/page/campaign-page.tsx:1 ../../deal-page/deal-page",
    ]);
  });

  it("allows a listed exception for that feature and that file only, and reports one no import uses", () => {
    const exception = { from: "deal-page", to: "proposal/proposal-dialog", why: "composes the dialog" };
    const unused = { from: "help", to: "auth/login-page", why: "gone" };
    const files = [
      file("features/deal-page/deal-page.tsx", 'import { ProposalDialog } from "../proposal/proposal-dialog";'),
      file("features/deal-page/other.tsx", 'import { checkProposal } from "../proposal/proposal-check";'),
      file("features/find-deals/page.tsx", 'import { ProposalDialog } from "../proposal/proposal-dialog";'),
    ];
    const result = featureImportProblems(files, [exception, unused]);
    expect(result.problems.map((problem) => problem.file)).toEqual([
      "apps/web/src/features/deal-page/other.tsx",
      "apps/web/src/features/find-deals/page.tsx",
    ]);
    expect(result.unusedExceptions).toEqual([unused]);
  });

  it("keeps lib and ui below the features and the app; the app and routes compose features", () => {
    const files = [
      file("lib/format.ts", 'import { x } from "../features/help/faq";'),
      file("ui/deal/card.tsx", 'import { y } from "../../app/shell/skip-link";', 'import { cx } from "../../lib/cx";'),
      file("app/shell/site-header.tsx", 'import { HeaderBalance } from "../../features/balance/header-balance";'),
      file("routes/brand/__root.tsx", 'import { OnboardingModal } from "../../features/onboarding/onboarding-modal";'),
    ];
    expect(problemsOf(files)).toEqual([
      "apps/web/src/lib/format.ts:1 ../features/help/faq",
      "apps/web/src/ui/deal/card.tsx:1 ../../app/shell/skip-link",
    ]);
  });
});
