import { describe, expect, it } from "vitest";
import { generalMessageOf, type SignupValues, signupErrors, signupFieldOfReason } from "./auth-fields";

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
});

describe("server reasons", () => {
  it("mark the field they concern", () => {
    expect(signupFieldOfReason("username_taken")).toBe("username");
    expect(signupFieldOfReason("email_taken")).toBe("email");
    expect(signupFieldOfReason("password_too_short")).toBe("password");
    expect(signupFieldOfReason("rate_limited")).toBeNull();
  });

  it("others show a general message", () => {
    expect(generalMessageOf("rate_limited")).toBe("GLOBAL.RATE_LIMITED");
    expect(generalMessageOf("invalid")).toBe("GLOBAL.INVALID");
    expect(generalMessageOf("generic")).toBe("GLOBAL.GENERIC_ERROR");
  });
});
