import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/cli.ts";

const plumb = (...args: string[]) => runCli(args);

interface Row {
  model: string;
  grouping: string;
  group: string;
  samples: number;
  accuracy: number;
  episodes: {
    count: number;
    solved: number;
    avgSteps: number | null;
    dist2Opt: number | null;
    normDist: number | null;
  } | null;
}

const rowsOf = (stdout: string) => (JSON.parse(stdout) as { rows: Row[] }).rows;
const overall = (stdout: string, model: string) =>
  rowsOf(stdout).find((r) => r.grouping === "overall" && r.model === model) as Row;

describe("CHAIN through the harness", () => {
  const dir = mkdtempSync(join(tmpdir(), "plumb-chain-"));
  const db = join(dir, "plumb.db");
  const run = (name: string, ...args: string[]) =>
    plumb("run", ...args, "--run", name, "--db", db, "--format", "json", "--no-progress");

  it.each([
    ["chain/stacking", "easy"],
    ["chain/stacking", "hard"],
    ["chain/burr", "easy"],
    ["chain/burr", "mid"],
    ["chain/burr", "hard"],
    ["chain/burr", "classic"],
  ])("the oracle solves %s %s episodes in exactly the optimal number of steps", async (task, level) => {
    const r = await run(
      `${task}-${level}`,
      task,
      "--level",
      level,
      "--count",
      "3",
      "--seed",
      "1",
      "--model",
      "oracle",
      "--gym",
    );
    expect(r.code, r.stderr).toBe(0);
    const row = overall(r.stdout, "oracle");
    expect(row.accuracy).toBe(1);
    expect(row.episodes).toMatchObject({ count: 3, solved: 3, dist2Opt: 0, normDist: 0 });
    const exported = await plumb("export", `${task}-${level}`, "--db", db, "--format", "jsonl");
    const samples = exported.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { steps: number; optimalSteps: number; tags: string[] });
    for (const s of samples) {
      expect(s.steps).toBe(s.optimalSteps);
      expect(s.steps).toBeGreaterThan(0);
    }
  });

  it("plays random legal actions to the end of the step budget, and one-shot plans from the oracle pass", async () => {
    const gym = await run(
      "random-gym",
      "chain/stacking",
      "--level",
      "3x3x3-mid",
      "--count",
      "2",
      "--model",
      "random",
      "--gym",
    );
    expect(gym.code, gym.stderr).toBe(0);
    expect(overall(gym.stdout, "random").samples).toBe(2);
    const oneShot = await run(
      "one-shot",
      "chain",
      "--count",
      "2",
      "--seed",
      "3",
      "--model",
      "oracle",
      "--model",
      "random",
    );
    expect(oneShot.code, oneShot.stderr).toBe(0);
    expect(overall(oneShot.stdout, "oracle").accuracy).toBe(1);
    expect(
      rowsOf(oneShot.stdout)
        .filter((r) => r.grouping === "task")
        .map((r) => r.group),
    ).toEqual(expect.arrayContaining(["chain/stacking", "chain/burr"]));
  });

  it("generates, solves, verifies and renders from the command line", async () => {
    const instances = join(dir, "stack.jsonl");
    const gen = await plumb(
      "generate",
      "chain/stacking",
      "--level",
      "3x3x3-hard",
      "--count",
      "3",
      "--seed",
      "9",
    );
    expect(gen.code, gen.stderr).toBe(0);
    writeFileSync(instances, gen.stdout);
    const answers = join(dir, "answers.jsonl");
    const solved = await plumb("solve", "chain/stacking", "--instances", instances);
    expect(solved.code, solved.stderr).toBe(0);
    writeFileSync(answers, solved.stdout);
    const verified = await plumb("verify", "chain/stacking", "--instances", instances, "--answers", answers);
    expect(verified.code, verified.stderr).toBe(0);
    for (const line of verified.stdout.trim().split("\n")) expect(JSON.parse(line).passed).toBe(true);
    const out = join(dir, "pics");
    const rendered = await plumb("render", "chain/stacking", "--instances", instances, "--out", out);
    expect(rendered.code, rendered.stderr).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith(".png"))).toHaveLength(3);
    // A set asks for more distinct puzzles than a small box admits: a clear error, not a loop.
    const tooMany = await plumb("generate", "chain/stacking", "--level", "2x2x2-easy", "--count", "2");
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/only 1 distinct instances/);
    expect(existsSync(out)).toBe(true);
  });
});
