import { MAX_UPLOAD_BYTES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { chatFileProblem, formatFileSize, uploadErrorKey } from "./file-check";

describe("chat file check", () => {
  it("refuses a file of 4 MiB or more before sending it", () => {
    expect(chatFileProblem({ size: MAX_UPLOAD_BYTES - 1 })).toBeNull();
    expect(chatFileProblem({ size: MAX_UPLOAD_BYTES })).toBe("too_big");
  });

  it("shows each refusal of the server with its message", () => {
    expect(uploadErrorKey("too_big")).toBe("FILE.TOO_BIG");
    expect(uploadErrorKey("forbidden")).toBe("FILE.FORBIDDEN");
    expect(uploadErrorKey("chat_disabled")).toBe("APPLICATION.CHAT_DISABLED");
    expect(uploadErrorKey("generic")).toBe("FILE.UNKNOWN_ERROR");
  });

  it("writes sizes in bytes, kilobytes or megabytes", () => {
    expect(formatFileSize(900)).toBe("900 B");
    expect(formatFileSize(2_048)).toBe("2 KB");
    expect(formatFileSize(3_400_000)).toBe("3.2 MB");
  });
});
