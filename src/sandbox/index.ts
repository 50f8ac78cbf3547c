export type { Environment } from "./environment.ts";
export {
  createSandbox,
  type Evaluation,
  type RunOptions,
  type Sandbox,
  type SandboxOptions,
  sharedSandbox,
} from "./sandbox.ts";
export {
  DEFAULT_LIMITS,
  type SandboxIsolation,
  type SandboxLimits,
  type SandboxResult,
  type SandboxStatus,
} from "./types.ts";
