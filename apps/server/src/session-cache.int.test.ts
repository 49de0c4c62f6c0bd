import { createSession, systemClock } from "@market/api";
import { createBrand } from "@market/api/testing";
import { eq, sessions } from "@market/db";
import { describe, expect, it } from "vitest";
import { post } from "./testing/auth-helpers";
import { useTestApp } from "./testing/test-app";

const server = useTestApp();

const me = async (token: string) => {
  const response = await server.app.inject({ method: "GET", url: "/trpc/account.me", cookies: { session: token } });
  return response.json().result.data.json as { kind: string };
};

describe("the app's session cache", () => {
  it("answers a session validated moments ago without its row, and sees a logout at once", async () => {
    const brand = await createBrand(server.db);
    const { token } = await createSession(server.db, systemClock, brand.id);
    const other = await createSession(server.db, systemClock, brand.id);
    expect(await me(token)).toMatchObject({ kind: "brand" });
    expect(await me(other.token)).toMatchObject({ kind: "brand" });

    // The row of `other` is deleted behind the app's back (the app never does this): the app answers it from
    // memory, which shows its requests no longer read their session.
    await server.db.delete(sessions).where(eq(sessions.id, other.token.split(".")[0] as string));
    expect(await me(other.token)).toMatchObject({ kind: "brand" });

    const logout = await post(server.app, "/api/logout", {}, { token });
    expect(logout.statusCode).toBe(200);
    expect(await me(token)).toEqual({ kind: "visitor", user: null });
  });
});
