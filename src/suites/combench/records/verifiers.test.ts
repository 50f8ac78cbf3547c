import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePythonLiteral } from "../../../core/python-literal/index.ts";
import { runConstructionVerifier } from "../common/construction-check.ts";
import { loadStarterRecords } from "./load.ts";
import { genericMutants, intPaths, replacePath, targetedMutants } from "./mutations.ts";
import { nativeVerifiers } from "./native/index.ts";
import { pyRepr } from "./py-repr.ts";

const records = loadStarterRecords();

/** Random one-leaf changes: they may or may not break the record; Python and the port must agree. */
function randomMutants(reference: string, seed: number): string[] {
  const value = parsePythonLiteral(reference);
  const paths = intPaths(value);
  if (paths.length === 0) return [];
  const change = fc.tuple(fc.nat({ max: paths.length - 1 }), fc.integer({ min: -2, max: 1100 }));
  return fc
    .sample(change, { seed, numRuns: 3 })
    .map(([at, n]) => pyRepr(replacePath(value, paths[at] as number[], { kind: "int", value: BigInt(n) })));
}

interface Case {
  id: string;
  payload: string;
  /** True for the reference, false for a known-bad mutant, undefined when only agreement is checked. */
  expected: boolean | undefined;
}

const cases: Case[] = records.flatMap((record, index) => {
  const reference = parsePythonLiteral(record.ref_construction);
  const targeted = targetedMutants[record.id];
  return [
    { id: record.id, payload: record.ref_construction, expected: true },
    ...genericMutants(record.ref_construction).map((payload) => ({
      id: record.id,
      payload,
      expected: false,
    })),
    ...(targeted ? [{ id: record.id, payload: pyRepr(targeted(reference)), expected: false }] : []),
    ...randomMutants(record.ref_construction, index + 1).map((payload) => ({
      id: record.id,
      payload,
      expected: undefined,
    })),
  ];
});

const codeOf = new Map(records.map((r) => [r.id, r.verify_code]));
const probe = await runConstructionVerifier("print('True')", "");
const unavailable = probe.status === "unavailable" ? probe.reason : undefined;
if (unavailable) console.warn(`Skipping the Python verifier checks: ${unavailable}`);

describe("native ports", () => {
  it("exist for every record and accept every reference construction", () => {
    for (const record of records) {
      const check = nativeVerifiers[record.id];
      expect(check, record.id).toBeDefined();
      expect(check?.(record.ref_construction), record.id).toEqual({ pass: true, reason: "True" });
    }
  });

  it("reject every known-bad mutant and have a targeted one per record", () => {
    for (const record of records) expect(targetedMutants[record.id], record.id).toBeDefined();
    for (const c of cases.filter((c) => c.expected === false)) {
      expect(nativeVerifiers[c.id]?.(c.payload).pass, `${c.id}: ${c.payload.slice(0, 80)}`).toBe(false);
    }
  });
});

describe.skipIf(unavailable !== undefined)(
  "Python verifiers through runVerifier (the model-answer stdin path)",
  () => {
    it("accept the references, reject the mutants, and agree with the native ports", async () => {
      const results = await Promise.all(
        cases.map((c) => runConstructionVerifier(codeOf.get(c.id) ?? "", c.payload)),
      );
      expect(cases.length).toBeGreaterThan(15 * 12);
      results.forEach((result, i) => {
        const c = cases[i] as Case;
        const label = `${c.id}: ${c.payload.slice(0, 80)} -> ${result.status} ${result.stdout.trim()} ${result.reason}`;
        if (c.expected === true) expect(result.status, label).toBe("pass");
        else if (c.expected === false) expect(result.status, label).toBe("fail");
        else expect(["pass", "fail"], label).toContain(result.status);
        expect(nativeVerifiers[c.id]?.(c.payload).pass, label).toBe(result.status === "pass");
      });
    });
  },
);
