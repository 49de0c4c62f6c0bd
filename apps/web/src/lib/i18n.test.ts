import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "./i18n";

describe("the texts", () => {
  it("holds the landing's texts at once and the rest once loadAllTexts has run", async () => {
    expect(i18n.t("FIND.TITLE")).not.toBe("FIND.TITLE");
    expect(i18n.exists("SETTINGS.TITLE_BRAND")).toBe(false);
    await loadAllTexts();
    expect(i18n.exists("SETTINGS.TITLE_BRAND")).toBe(true);
    expect(i18n.t("FIND.TITLE")).not.toBe("FIND.TITLE");
  });
});
