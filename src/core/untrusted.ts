/**
 * Whether untrusted code (ComBench records' Python verifiers) may run without OS isolation on a machine
 * that cannot isolate it. Off by default: such verifiers are then left unchecked. The CLI's
 * --unsafe-verifiers turns it on; so does PLUMB_UNSAFE_VERIFIERS=1 for library use.
 */
let allowed = false;

export function allowUnisolatedCode(allow: boolean): void {
  allowed = allow;
}

export function unisolatedCodeAllowed(): boolean {
  return allowed || process.env.PLUMB_UNSAFE_VERIFIERS === "1";
}
