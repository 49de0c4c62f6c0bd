export { type Clock, fixedClock, systemClock } from "./clock";
export {
  type ApiDeps,
  type Context,
  createContextFactory,
  noSessionCookie,
  type RequestInfo,
  type SessionCookie,
} from "./context";
export { fail, ReasonError, reasonOf } from "./errors";
export {
  type AppRouter,
  appRouter,
  type Caller,
  type CallerFactory,
  createCaller,
  createCallerFactoryFor,
} from "./root";
export { hashPassword, verifyPassword } from "./services/auth/password";
export { createSession, generateSessionToken, invalidateSession, type Viewer } from "./services/auth/sessions";
export { type FileStore, localDiskFileStore } from "./services/files/file-store";
