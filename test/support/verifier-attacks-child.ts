/**
 * Runs the hostile suite and prints its results as JSON. The hostile test bundles this file and starts
 * it as an unprivileged user, to show the jail holds when Plumb itself is not root.
 */

import { createSandbox } from "../../src/sandbox/index.ts";
import { runConstructionVerifier } from "../../src/suites/combench/common/construction-check.ts";
import { type AttackContext, verifierAttacks } from "./verifier-attacks.ts";

export interface AttackResult {
  name: string;
  tripwire: boolean;
  status: string;
  reason: string;
  stdout: string;
  isolation: string | undefined;
  user: string | undefined;
}

/** Every attack, with the tripwire on and off, through the same path a construction check takes. */
export async function runAttacks(ctx: AttackContext): Promise<AttackResult[]> {
  const runs = [true, false].flatMap((tripwire) => {
    const sandbox = createSandbox({ tripwire });
    return verifierAttacks(ctx).map(async (a): Promise<AttackResult> => {
      const r = await runConstructionVerifier(a.code, a.payload, { sandbox, limits: a.limits });
      return {
        name: a.name,
        tripwire,
        status: r.status,
        reason: r.reason,
        stdout: r.stdout.slice(-300),
        isolation: r.isolation?.kind,
        user: r.isolation?.user,
      };
    });
  });
  return Promise.all(runs);
}

const context = process.argv[2];
if (context !== undefined && /verifier-attacks-child\.(?:ts|mjs)$/.test(process.argv[1] ?? "")) {
  runAttacks(JSON.parse(context) as AttackContext).then((results) => {
    process.stdout.write(JSON.stringify(results));
  });
}
