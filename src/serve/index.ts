/** The reward and task service (`plumb serve`): see ARCHITECTURE.md, "The reward service". */
export { ROUTES } from "./routes.ts";
export {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PORT,
  DEFAULT_SESSION_TTL_MS,
  type Serve,
  type ServeOptions,
  startServe,
} from "./server.ts";
