import { describe, expect, it } from "vitest";
import { saveErrorKey } from "./save-error";

describe("saveErrorKey", () => {
  it("says the campaign could not be created or updated for a generic or invalid failure", () => {
    expect(saveErrorKey("generic", "create")).toBe("NEW_CAMPAIGN.ERROR");
    expect(saveErrorKey("invalid", "create")).toBe("NEW_CAMPAIGN.ERROR");
    expect(saveErrorKey("generic", "update")).toBe("NEW_CAMPAIGN.ERROR_EDIT");
  });

  it("gives a reason's own message when it has one", () => {
    expect(saveErrorKey("unauthorized", "create")).toBe("GLOBAL.UNAUTHORIZED");
    expect(saveErrorKey("not_found", "update")).toBe("GLOBAL.NOT_FOUND");
  });
});
