export type { Environment } from "./environment.ts";
export { createSandbox, runVerifier, type Sandbox, type SandboxOptions } from "./sandbox.ts";
export {
  DEFAULT_LIMITS,
  type SandboxIsolation,
  type SandboxLimits,
  type SandboxResult,
  type SandboxStatus,
} from "./types.ts";
