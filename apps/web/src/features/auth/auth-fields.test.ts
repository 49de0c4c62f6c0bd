import { describe, expect, it } from "vitest";
import {
  generalMessageOf,
  type SignupValues,
  signupErrors,
  signupFieldOfReason,
  signupServerErrors,
  tryAgainIn,
} from "./auth-fields";

const valid: SignupValues = {
  kind: "brand",
  username: "acme_corp.1",
  email: "hello@acme.example",
  password: "12345678",
  brandName: "Acme",
};

describe("signupErrors", () => {
  it("accepts a valid brand and a valid influencer (who needs no brand name)", () => {
    expect(signupErrors(valid)).toEqual({});
    expect(signupErrors({ ...valid, kind: "influencer", brandName: "" })).toEqual({});
  });

  it("asks for a username of 3 to 30 letters, digits, dots or underscores", () => {
    expect(signupErrors({ ...valid, username: "" }).username?.key).toBe("AUTH.VALIDATION.REQUIRED");
    for (const username of ["ab", "has space", "dash-name", "x".repeat(31)]) {
      expect(signupErrors({ ...valid, username }).username?.key).toBe("AUTH.VALIDATION.USERNAME");
    }
    expect(signupErrors({ ...valid, username: "abc" }).username).toBeUndefined();
  });

  it("asks for a valid email", () => {
    expect(signupErrors({ ...valid, email: " " }).email?.key).toBe("AUTH.VALIDATION.REQUIRED");
    expect(signupErrors({ ...valid, email: "hello@" }).email?.key).toBe("AUTH.VALIDATION.EMAIL");
  });

  it("asks for a password of at least 8 characters", () => {
    expect(signupErrors({ ...valid, password: "1234567" }).password).toEqual({
      key: "AUTH.VALIDATION.PASSWORD_MIN",
      values: { min: 8 },
    });
  });

  it("asks a brand for its brand name", () => {
    expect(signupErrors({ ...valid, brandName: "  " }).brandName?.key).toBe("AUTH.VALIDATION.REQUIRED");
  });

  it("asks for the brand name on one line, as the server does", () => {
    expect(signupErrors({ ...valid, brandName: "Acme\u0007" }).brandName?.key).toBe("VALIDATION.SINGLE_LINE");
    expect(signupErrors({ ...valid, brandName: "Acme\nInc" }).brandName?.key).toBe("VALIDATION.SINGLE_LINE");
    expect(signupErrors({ ...valid, brandName: " Acme\n" })).toEqual({});
  });
});

describe("server reasons", () => {
  it("mark the field they concern", () => {
    expect(signupFieldOfReason("username_taken")).toBe("username");
    expect(signupFieldOfReason("email_taken")).toBe("email");
    expect(signupFieldOfReason("password_too_short")).toBe("password");
    expect(signupFieldOfReason("rate_limited")).toBeNull();
  });

  it("mark every taken field the server lists, the username and the email at once", () => {
    const issues = [
      { path: ["username"], message: "This username is already taken." },
      { path: ["email"], message: "An account already uses this email." },
    ];
    const both = { username: { key: "SIGNUP.USERNAME_TAKEN" }, email: { key: "SIGNUP.EMAIL_TAKEN" } };
    expect(signupServerErrors("username_taken", issues)).toEqual(both);
    expect(signupServerErrors("email_taken", issues)).toEqual(both);
    // Without issues (an older server), the reason's own field.
    expect(signupServerErrors("email_taken")).toEqual({ email: { key: "SIGNUP.EMAIL_TAKEN" } });
    // Issues name only fields that can be taken.
    expect(signupServerErrors("username_taken", [{ path: ["password"], message: "x" }])).toEqual({
      username: { key: "SIGNUP.USERNAME_TAKEN" },
    });
    expect(signupServerErrors("password_too_short")).toEqual({ password: { key: "PASSWORD.TOO_SHORT" } });
    expect(signupServerErrors("rate_limited", issues)).toEqual({});
  });

  it("others show a general message", () => {
    expect(generalMessageOf("rate_limited")).toBe("GLOBAL.RATE_LIMITED");
    expect(generalMessageOf("invalid")).toBe("GLOBAL.INVALID");
    expect(generalMessageOf("generic")).toBe("GLOBAL.GENERIC_ERROR");
  });
});

describe("tryAgainIn", () => {
  it("says a wait in seconds, minutes or hours, rounded up", () => {
    expect(tryAgainIn(1, "en")).toBe("in 1 second");
    expect(tryAgainIn(59, "en")).toBe("in 59 seconds");
    expect(tryAgainIn(60, "en")).toBe("in 1 minute");
    expect(tryAgainIn(61, "en")).toBe("in 2 minutes");
    expect(tryAgainIn(3600, "en")).toBe("in 1 hour");
    expect(tryAgainIn(3601, "en")).toBe("in 2 hours");
  });
});
