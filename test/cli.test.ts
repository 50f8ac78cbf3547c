import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unisolatedCodeAllowed } from "../src/core/untrusted.ts";
import { runCli, runCliProcess } from "./support/cli.ts";
import { SPARC_PUZZLES, SPARC_RESPONSES, sparcRecords } from "./support/sparc.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "plumb-cli-"));
const plumb = (...args: string[]) => runCli(args);

const jsonl = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const key = (path: unknown) => JSON.stringify(path);

describe("plumb CLI", () => {
  it("lists the registered tasks", async () => {
    const r = await plumb("list");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sparc\t/m);
    expect(r.stdout).toMatch(/difficulty-5/);
    expect(r.stdout).toMatch(/^scbench\/shikaku\t.*\n.*\n.*\n {2}presets: original \(6\)$/m);
  });

  it("generates, runs and reports a paper's preset, in the paper's layout", async () => {
    const dir = tmp();
    const gen = await plumb("generate", "scbench/shikaku", "--preset", "original", "--count", "4");
    expect(gen.code).toBe(0);
    expect(jsonl(gen.stdout).map((i) => i.id)).toEqual(
      [1, 2, 3, 4].map((n) => `scbench/shikaku/original/${n}`),
    );
    expect(
      (await plumb("generate", "scbench/shikaku", "--preset", "original", "--level", "easy")).stderr,
    ).toMatch(/--preset is a fixed set: it takes no --level or --set/);
    const db = join(dir, "runs.db");
    const run = await plumb(
      "run",
      "scbench/shikaku",
      "--preset",
      "original",
      "--model",
      "oracle",
      "--run",
      "p",
      "--db",
      db,
    );
    expect(run.code).toBe(0);
    const report = await plumb("report", "p", "--db", db);
    expect(report.stdout).toContain("SCBench, Table A.1 layout");
    expect(report.stdout).toContain("| Shikaku Rectangles | 6 | 100.0 |");
    expect(report.stdout).toContain("| **Overall** | 6 | 100.0 |");
  });

  it("verifies every stored solution of the official puzzles (--reference)", async () => {
    const r = await plumb("verify", "sparc", "--instances", SPARC_PUZZLES, "--reference");
    expect(r.code).toBe(0);
    const rows = jsonl(r.stdout);
    expect(rows).toHaveLength(640);
    expect(rows.every((v) => v.passed === true)).toBe(true);
    expect(r.stderr).toMatch(/640 verdicts: 640 passed/);
  });

  it("stops solve --all at 10,000 solutions unless told otherwise, and says so", async () => {
    const dir = tmp();
    const file = join(dir, "open-5x5.jsonl");
    // A 5×5 grid with no rules: over a million lines from S to E.
    const grid = Array.from({ length: 11 }, (_, y) =>
      Array.from({ length: 11 }, (_, x) => (x % 2 === 1 && y % 2 === 1 ? "N" : "+")),
    );
    (grid[10] as string[])[0] = "S";
    (grid[0] as string[])[10] = "E";
    const [record] = sparcRecords();
    const open = { ...record, id: "open-5x5", grid_size: { width: 5, height: 5 }, polyshapes: "{}" };
    writeFileSync(
      file,
      `${JSON.stringify({ ...open, puzzle_array: grid, solutions: [], solution_count: 0 })}\n`,
    );
    const capped = await plumb("solve", "sparc", "--instances", file, "--all");
    expect(capped.code, capped.stderr).toBe(0);
    expect(jsonl(capped.stdout)[0]).toMatchObject({ count: 10_000, complete: false });
    expect(capped.stderr).toContain("1 instance(s) stopped at 10,000 solutions (--max-solutions)");
    const few = await plumb("solve", "sparc", "--instances", file, "--all", "--max-solutions", "7");
    expect(jsonl(few.stdout)[0]).toMatchObject({ count: 7, complete: false });
  });

  it("solves official puzzles to exactly their stored solution sets (--all)", async () => {
    const dir = tmp();
    const subset = join(dir, "subset.jsonl");
    const lines = readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n");
    writeFileSync(subset, `${lines.filter((_, i) => i % 5 === 0).join("\n")}\n`);
    const r = await plumb("solve", "sparc", "--instances", subset, "--all");
    expect(r.code).toBe(0);
    const byId = new Map(sparcRecords().map((rec) => [rec.id, rec]));
    const rows = jsonl(r.stdout);
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      const rec = byId.get(row.id as string);
      expect(row.complete).toBe(true);
      expect(new Set((row.answers as unknown[]).map(key))).toEqual(
        new Set(rec?.solutions.map((s) => key(s.path))),
      );
    }
  });

  it("grades raw model text like the SPaRC CLI, parse failures apart", async () => {
    const r = await plumb(
      "grade",
      "sparc",
      "--instances",
      SPARC_PUZZLES,
      "--responses",
      SPARC_RESPONSES,
      "--lenient",
    );
    expect(r.code).toBe(0);
    const solved = new Map(
      jsonl(readFileSync(SPARC_RESPONSES, "utf8")).map((row) => [
        row.puzzle_id as string,
        row.solved as boolean,
      ]),
    );
    const rows = jsonl(r.stdout);
    expect(rows).toHaveLength(100);
    for (const row of rows) expect(row.passed).toBe(solved.get(row.id as string));
    expect(r.stderr).toMatch(
      /100 verdicts: 2 passed, 63 wrong, 35 invalid, 0 unparseable; 0 read only by the lenient extractor/,
    );

    const dir = tmp();
    const odd = join(dir, "odd.jsonl");
    const id = rows[0]?.id as string;
    writeFileSync(
      odd,
      `${JSON.stringify({ id, text: "I could not solve it." })}\n${JSON.stringify({ id, text: "<think>hmm</think> path: [0, 2], [0, 1]" })}\n`,
    );
    const g = await plumb("grade", "sparc", "--instances", SPARC_PUZZLES, "--responses", odd, "--lenient");
    const [none, loose] = jsonl(g.stdout) as { failure: { kind: string }; lenient: boolean }[];
    expect(none?.failure.kind).toBe("parse");
    expect(loose?.lenient).toBe(true);
    expect(loose?.failure.kind).not.toBe("parse");

    // A SPaRC CLI result line whose reasoning came apart: the CLI read only what follows the think block.
    const rec = sparcRecords().find((x) => x.id === id);
    const solution = `#### ${rec?.solutions[0]?.path.map((p) => `(${p.x}, ${p.y})`).join(", ")}`;
    const cli = join(dir, "cli.jsonl");
    writeFileSync(
      cli,
      [
        { puzzle_id: id, message: `<think>${solution}</think>\n#### (0, 0)` },
        { puzzle_id: id, message: `<think>#### (0, 0)</think>\n${solution}` },
        { puzzle_id: id, message: `${solution}<think>#### (0, 0)</think>` },
      ]
        .map((x) => JSON.stringify(x))
        .join("\n"),
    );
    const c = jsonl((await plumb("grade", "sparc", "--instances", SPARC_PUZZLES, "--responses", cli)).stdout);
    expect(c.map((row) => row.passed)).toEqual([false, true, false]);
  });

  it("generates 200 puzzles byte-identically from one seed, all valid, all levels", async () => {
    const dir = tmp();
    const generate = (file: string) => ["generate", "sparc", "--count", "200", "--seed", "7", "--out", file];
    // One in a process of its own, one in this one, at the same time: the same bytes from both.
    const [a, b] = await Promise.all([
      runCliProcess(generate(join(dir, "a.jsonl"))),
      runCli(generate(join(dir, "b.jsonl"))),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const text = readFileSync(join(dir, "a.jsonl"), "utf8");
    expect(readFileSync(join(dir, "b.jsonl"), "utf8")).toBe(text);
    const rows = jsonl(text);
    expect(rows).toHaveLength(200);
    const levels = new Set<unknown>();
    for (const row of rows) {
      const solutions = row.solutions as unknown[];
      expect(row.solution_count).toBe(solutions.length);
      expect(solutions.length).toBeGreaterThanOrEqual(1);
      expect(solutions.length).toBeLessThanOrEqual(50);
      levels.add(row.difficulty_level);
    }
    expect([...levels].sort()).toEqual([1, 2, 3, 4, 5]);
    const v = await plumb("verify", "sparc", "--instances", join(dir, "a.jsonl"), "--reference");
    expect(v.code).toBe(0);
    expect(jsonl(v.stdout).every((row) => row.passed === true)).toBe(true);
  }, 300_000);

  it("reports malformed lines by line and field, keeps the good ones, and never prints a stack trace", async () => {
    const dir = tmp();
    const [first, second] = readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n");
    const good = JSON.parse(first as string) as Record<string, unknown>;
    const missing = { ...good };
    delete missing.grid_size;
    const outside = JSON.parse(second as string) as { solutions: { path: { x: number; y: number }[] }[] };
    (outside.solutions[0]?.path[3] as { x: number }).x = 99;
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, [first, "{not json", JSON.stringify(missing), JSON.stringify(outside)].join("\n"));
    const r = await plumb("verify", "sparc", "--instances", file, "--reference");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file} line 2: not valid JSON`);
    expect(r.stderr).toContain(`${file} line 3, field grid_size:`);
    expect(r.stderr).toContain(`${file} line 4, field solutions[0].path[3].x: 99 is outside the grid`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(jsonl(r.stdout).length).toBe((good.solutions as unknown[]).length);

    const answers = join(dir, "answers.jsonl");
    writeFileSync(answers, `${JSON.stringify({ id: good.id, answer: [{ x: 0, y: "1" }] })}\n`);
    const a = await plumb("verify", "sparc", "--instances", SPARC_PUZZLES, "--answers", answers);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain(`${answers} line 1, field answer[0].y:`);
  });

  it("writes the prompts a model would get, images as base64 PNG", async () => {
    const text = await plumb("prompt", "sparc", "--instances", SPARC_PUZZLES, "--shots", "2");
    expect(text.code).toBe(0);
    const rows = jsonl(text.stdout) as { messages: { role: string; content: string }[]; images: unknown[] }[];
    expect(rows).toHaveLength(100);
    expect(rows[0]?.messages.at(-1)?.content).toContain("####");
    const vision = jsonl(
      (await plumb("prompt", "sparc", "--instances", SPARC_PUZZLES, "--variant", "vision")).stdout,
    ) as {
      images: { mediaType: string; base64: string }[];
    }[];
    const png = Buffer.from(vision[0]?.images[0]?.base64 ?? "", "base64");
    expect(png.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const bad = await plumb("prompt", "sparc", "--instances", SPARC_PUZZLES, "--variant", "poetic");
    expect(bad.code).toBe(2);
  });

  it("words prompts from a user's template file, and refuses a bad one before any call", async () => {
    const dir = tmp();
    const template = join(dir, "official.txt");
    writeFileSync(
      template,
      "===system===\nSolve puzzles.\n===user===\nFrom {{start_pos}} to {{end_pos}}:\n{{grid_str}}\n",
    );
    const rows = jsonl(
      (await plumb("prompt", "sparc", "--instances", SPARC_PUZZLES, "--prompt-template", template)).stdout,
    ) as { messages: { role: string; content: string }[] }[];
    expect(rows).toHaveLength(100);
    expect(rows[0]?.messages[0]).toEqual({ role: "system", content: "Solve puzzles." });
    expect(rows[0]?.messages[1]?.content).toMatch(/^From \(\d+, \d+\) to \(\d+, \d+\):\n\['/);
    writeFileSync(template, "Size {{grid_size}}\n");
    const db = join(dir, "t.db");
    const runWith = (...extra: string[]) =>
      plumb(
        ...["run", "sparc", "--instances", SPARC_PUZZLES, "--model", "oracle"],
        ...["--prompt-template", template, "--db", db, "--no-progress", ...extra],
      );
    const run = await runWith();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${template} line 1, field grid_size: unknown placeholder {{grid_size}} (known: end_pos,`,
    );
    const gym = await runWith("--gym");
    expect(gym.code).toBe(2);
    expect(gym.stderr).toMatch(/--prompt-template words single prompts/);
  });

  it("refuses environment options the task's environment does not take before any call", async () => {
    const db = join(tmp(), "env-options.db");
    const got = await plumb(
      ...["run", "sparc", "--instances", SPARC_PUZZLES, "--count", "1", "--model", "oracle", "--gym"],
      ...["--variant", "image-only", "--db", db, "--no-progress"],
    );
    expect(got.code).toBe(2);
    expect(got.stderr).toMatch(/field env: .*imageOnly/);
    expect(existsSync(db)).toBe(false);
  });

  it("runs in this process without leaving a trace: streams, argv, env, exit code, --unsafe-verifiers", async () => {
    const { write } = process.stdout;
    const { argv } = process;
    const r = await runCli(
      ["verify", "sparc", "--instances", "no-such-file.jsonl", "--reference", "--unsafe-verifiers"],
      {
        env: { PLUMB_TEST_MARK: "1" },
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/warning: --unsafe-verifiers/);
    expect(process.stdout.write).toBe(write);
    expect(process.argv).toBe(argv);
    expect(process.env.PLUMB_TEST_MARK).toBeUndefined();
    expect(process.exitCode).toBeUndefined();
    expect(unisolatedCodeAllowed()).toBe(false);
    const bad = await plumb("generate", "sparc", "--count", "many");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--count must be a non-negative integer/);
  });

  it("fails cleanly on an unknown task or level", async () => {
    const r = await plumb("generate", "nope");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: unknown task "nope"/);
    const l = await plumb("generate", "sparc", "--level", "hardest");
    expect(l.code).toBe(2);
    expect(l.stderr).toMatch(/unknown level "hardest"/);
  });

  it("renders SVG and PNG pictures, with answers drawn", async () => {
    const dir = tmp();
    const one = join(dir, "one.jsonl");
    writeFileSync(one, `${readFileSync(SPARC_PUZZLES, "utf8").split("\n")[0]}\n`);
    const answers = join(dir, "answers.jsonl");
    writeFileSync(answers, (await plumb("solve", "sparc", "--instances", one)).stdout);
    const r = await plumb(
      "render",
      "sparc",
      "--instances",
      one,
      "--answers",
      answers,
      "--out",
      join(dir, "pics"),
    );
    expect(r.code).toBe(0);
    const id = sparcRecords()[0]?.id as string;
    expect(readFileSync(join(dir, "pics", `${id}.svg`), "utf8")).toMatch(/^<svg/);
    expect(existsSync(join(dir, "pics", `${id}.png`))).toBe(true);
  });

  it("writes STL meshes beside the pictures for 3D tasks", async () => {
    const dir = tmp();
    const inst = join(dir, "csg.jsonl");
    writeFileSync(
      inst,
      (await plumb("generate", "scbench/csg-union", "--level", "case-8", "--count", "1", "--seed", "1"))
        .stdout,
    );
    const answers = join(dir, "answers.jsonl");
    writeFileSync(answers, (await plumb("solve", "scbench/csg-union", "--instances", inst)).stdout);
    const r = await plumb(
      "render",
      "scbench/csg-union",
      "--instances",
      inst,
      "--answers",
      answers,
      "--out",
      join(dir, "pics"),
      "--no-png",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("1 picture(s) and 2 STL mesh(es)");
    const id = (JSON.parse(readFileSync(inst, "utf8")) as { id: string }).id;
    const stl = readFileSync(join(dir, "pics", `${id}.answer.stl`));
    expect(stl.length).toBe(84 + 50 * stl.readUInt32LE(80));
    expect(existsSync(join(dir, "pics", `${id}.reference.stl`))).toBe(true);
  });
});
