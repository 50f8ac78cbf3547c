import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pyListItems, pyToString } from "../../../core/python-literal/convert.ts";
import { parsePythonLiteral } from "../../../core/python-literal/parse.ts";
import { createSandbox } from "../../../sandbox/index.ts";

/** Construction records copied unchanged from ComBench (see test/fixtures/combench). */
interface ConstructionRecord {
  id: string;
  ref_construction: string;
  verify_code: string;
}

function record(file: string): ConstructionRecord {
  const url = new URL(`../../../../test/fixtures/combench/${file}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8").trim()) as ConstructionRecord;
}

const toy = record("example.jsonl");
const imo = record("imo2016p2-staged.jsonl");

const sandbox = createSandbox();
const environment = await sandbox.environment();
const missing = environment.available ? undefined : environment.reason;

/** The IMO 2016 P2 witness as rows of letters, read with the native literal parser. */
function imoGrid(): string[][] {
  const rows = pyListItems(parsePythonLiteral(imo.ref_construction)) ?? [];
  return rows.map((row) => (pyListItems(row) ?? []).map((cell) => pyToString(cell) ?? ""));
}

const show = (grid: string[][]) => JSON.stringify(grid);

describe.skipIf(missing !== undefined).concurrent("real ComBench verifiers in the sandbox", () => {
  it("accept their reference constructions", async () => {
    for (const r of [toy, imo]) {
      const result = await sandbox.run(r.verify_code, r.ref_construction);
      expect(result.status, `${r.id}: ${result.reason} ${result.stdout}`).toBe("pass");
    }
  });

  it("reject a changed cell, a wrong size, a non-list, an empty payload and garbage", async () => {
    const changed = imoGrid();
    (changed[4] as string[])[4] = "I";
    const smaller = imoGrid()
      .slice(0, 8)
      .map((row) => row.slice(0, 8));
    const cases: [string, string][] = [
      [show(changed), "Row 4 does not have exactly 3 of each letter."],
      [show(smaller), "Expected n=9, got n=8"],
      ["'IMO'", "Grid must be a list of lists."],
      ["", "Empty payload"],
      ["[[I, M, O]]", "Parse error: malformed node or string"],
      ["\u0000\u00ff garbage ]]", "Parse error"],
    ];
    for (const [payload, message] of cases) {
      const result = await sandbox.run(imo.verify_code, payload);
      expect(result.status, payload).toBe("fail");
      expect(result.stdout).toContain(message);
    }
    const swapped = await sandbox.run(toy.verify_code, '[["B", "A"], ["A", "B"]]');
    expect(swapped.status).toBe("pass");
    for (const payload of ['[["A", "A"], ["B", "B"]]', "", "not python", "[[1, 2]]"]) {
      expect((await sandbox.run(toy.verify_code, payload)).status, payload).toBe("fail");
    }
  });
});

describe("the reference constructions through the native parser", () => {
  it("read as the 9 by 9 IMO table and the 2 by 2 toy table", () => {
    const grid = imoGrid();
    expect(grid).toHaveLength(9);
    expect(grid.every((row) => row.length === 9 && row.every((cell) => "IMO".includes(cell)))).toBe(true);
    expect(parsePythonLiteral(toy.ref_construction)).toEqual({
      kind: "list",
      items: [
        {
          kind: "list",
          items: [
            { kind: "str", value: "A" },
            { kind: "str", value: "B" },
          ],
        },
        {
          kind: "list",
          items: [
            { kind: "str", value: "B" },
            { kind: "str", value: "A" },
          ],
        },
      ],
    });
  });
});
