import { consoleUserInput, impersonateUserInput, userSearchInput } from "@market/contracts";
import { impersonateUser } from "../../../services/console/users/impersonate-user";
import { searchUsers } from "../../../services/console/users/search-users";
import { consoleUserPage } from "../../../services/console/users/user-page";
import { consoleProcedure, router } from "../../../trpc";

/** The console's users (issue 36, point 4). */
export const usersRouter = router({
  /** GET /admin/api/users?q=: search by id, email, username or company, kind and flag; newest first, keyset-paged. */
  search: consoleProcedure.input(userSearchInput).query(({ ctx, input }) => searchUsers(ctx, input)),
  /** A user's page: profile, campaigns or applications, money, flag, logins. */
  get: consoleProcedure.input(consoleUserInput).query(({ ctx, input }) => consoleUserPage(ctx, input)),
  /** Act as the user, with a reason (audited); the admin's session is replaced by one as the user for 30 minutes. */
  impersonate: consoleProcedure.input(impersonateUserInput).mutation(async ({ ctx, input }) => {
    const session = await impersonateUser(ctx, ctx.viewer, input);
    ctx.sessionCookie.set(session.token, session.expiresAt);
    return null;
  }),
});
