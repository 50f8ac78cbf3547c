import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { analyseBurr, assemblyProblem } from "./analyse.ts";
import { assemble } from "./assemble.ts";
import { loadXmpuzzle, MAX_XMPUZZLE_FILE_BYTES, MAX_XMPUZZLE_XML_BYTES } from "./xmpuzzle.ts";

const TINY = join(import.meta.dirname, "../../../../test/fixtures/chain/burr/tiny.xmpuzzle");

describe("loadXmpuzzle", () => {
  it("reads our own gzip file: voxel order x + sx·(y + sy·z), '+' cells, colours, weights, counts and groups", () => {
    const p = loadXmpuzzle(TINY);
    expect(p.shapes.map((s) => s.name)).toEqual(["Domino", "Cube", "Result", "Probe"]);
    expect(p.shapes[3]?.filled).toEqual([[1, 2, 1]]);
    expect(p.shapes[2]?.variable).toEqual([[2, 0, 0]]);
    expect([...(p.shapes[2]?.colours ?? [])]).toEqual([
      ["0,0,0", 1],
      ["2,0,0", 2],
    ]);
    expect(p.shapes[1]?.weight).toBe(3);
    expect(p.colourCount).toBe(2);
    expect(p.problems[0]?.parts).toEqual([
      { shape: 0, min: 1, max: 1, group: 1 },
      { shape: 1, min: 0, max: 2, group: 0 },
    ]);
    expect(p.problems[0]?.colourPairs).toEqual([[1, 1]]);
  });

  it("reads bytes and plain XML too", () => {
    const bytes = readFileSync(TINY);
    expect(loadXmpuzzle(bytes).shapes).toHaveLength(4);
    const xml =
      '<puzzle version="2"><gridType type="0"/><shapes><voxel x="1" y="1" z="2">_#</voxel></shapes></puzzle>';
    expect(loadXmpuzzle(xml).shapes[0]?.filled).toEqual([[0, 0, 1]]);
  });

  it("names the field of a bad file", () => {
    expect(() =>
      loadXmpuzzle('<puzzle><shapes><voxel x="2" y="1" z="1">#</voxel></shapes></puzzle>'),
    ).toThrow(InputError);
    expect(() => loadXmpuzzle('<puzzle><gridType type="3"/></puzzle>')).toThrow(/cubic/);
    expect(() => loadXmpuzzle("<nothing/>")).toThrow(/no <puzzle>/);
  });

  it("refuses a gzip bomb, an oversized file and broken gzip with a clear error, quickly", () => {
    const bomb = gzipSync(Buffer.alloc(MAX_XMPUZZLE_XML_BYTES + 1024, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    const t0 = performance.now();
    expect(() => loadXmpuzzle(bomb)).toThrow(/cannot unpack it \(it unpacks to more than 67108864 bytes\)/);
    expect(performance.now() - t0).toBeLessThan(5_000);
    const dir = mkdtempSync(join(tmpdir(), "plumb-xmpuzzle-"));
    const big = join(dir, "big.xmpuzzle");
    writeFileSync(big, Buffer.alloc(MAX_XMPUZZLE_FILE_BYTES + 1));
    expect(() => loadXmpuzzle(big)).toThrow(
      `${big}: ${MAX_XMPUZZLE_FILE_BYTES + 1} bytes: a puzzle file is at most`,
    );
    const broken = Buffer.from(readFileSync(TINY).subarray(0, 40));
    expect(() => loadXmpuzzle(broken)).toThrow(/not a BurrTools puzzle: cannot unpack it/);
    expect(() => loadXmpuzzle(join(dir, "missing.xmpuzzle"))).toThrow(/cannot read the puzzle/);
  });

  it("reproduces the stored counts of our file (colour rules and optional cells applied)", () => {
    const r = analyseBurr(loadXmpuzzle(TINY));
    expect([r.assemblies, r.solutions]).toEqual([r.stored.assemblies, r.stored.solutions]);
    expect(r.levels).toContain("1");
  });
});

const FIXTURES = process.env.PLUMB_BURR_FIXTURES;
const file = (name: string) => join(FIXTURES ?? "", "burrtools-examples", `${name}.xmpuzzle`);

describe.skipIf(!FIXTURES)(
  "BurrTools examples (skipped unless PLUMB_BURR_FIXTURES names a folder with burrtools-examples/: GPL files, not shipped)",
  () => {
    // Counts and levels measured with BurrTools itself (README of the fixtures).
    const facts: [string, number, number, string][] = [
      ["CubeInCage", 96, 1, "4.9.3"],
      ["DraculasDentalDesaster", 84, 1, "3.5.16.6.4"],
      ["AlPackino", 1, 1, "1.1.1.1.1.2.1.3.1.2.1.2"],
      ["PelikanBurr", 12, 1, "98.2.4.2"],
      ["DemoPieceGenerator", 928, 927, "1"],
      ["SolidSixPieceBurrs", 588, 179, "1"],
      ["DemoMirrorParadox", 1, 1, "1"],
    ];
    for (const [name, assemblies, solutions, level] of facts) {
      it(`${name}: ${assemblies} assemblies, ${solutions} solutions, level ${level}`, () => {
        const r = analyseBurr(loadXmpuzzle(file(name)));
        expect([r.assemblies, r.solutions, r.level]).toEqual([assemblies, solutions, level]);
      }, 60_000);
    }

    it("DemoPieceGenerator merges mirror images (all shapes achiral): 1760 assemblies when kept", () => {
      const p = loadXmpuzzle(file("DemoPieceGenerator"));
      const problem = p.problems[0];
      if (!problem) throw new Error("no problem");
      expect(assemble(assemblyProblem(p, problem), { mirrors: false }).count).toBe(1760);
    });

    it("mirrors 'achiral-only' gives the files' stored counts: mirror images kept when a shape is chiral", () => {
      const solid = analyseBurr(loadXmpuzzle(file("SolidSixPieceBurrs")), { mirrors: "achiral-only" });
      expect([solid.assemblies, solid.solutions]).toEqual([1063, 314]);
      const paradox = analyseBurr(loadXmpuzzle(file("DemoMirrorParadox")), { mirrors: "achiral-only" });
      expect([paradox.assemblies, paradox.solutions]).toEqual([2, 2]);
      const generator = analyseBurr(loadXmpuzzle(file("DemoPieceGenerator")), { mirrors: "achiral-only" });
      expect([generator.assemblies, generator.solutions]).toEqual([928, 927]);
    }, 60_000);
  },
);
