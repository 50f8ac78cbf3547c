import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStarterRecords } from "../src/suites/combench/records/load.ts";
import { runCli } from "./support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.ts";

/**
 * Four starter records, each with a marker in its problem statement that tells the scripted judge how
 * to grade it: "full" always 7, "almost" always 6, "retry" garbage then 7 and garbage then 1 (one sample
 * each, in some order), "garbage" three unreadable replies (one sample left unscored) then 6.
 */
const SCRIPT = {
  "plumb-imo2020-p4-n33": "full",
  "plumb-imo2022-p1-n10-k16": "almost",
  "plumb-imo1964-p4-k16": "retry",
  "plumb-imo2000-p4": "garbage",
} as const;

type Id = keyof typeof SCRIPT;

/** Runs in the fake server's worker: self-contained, its per-marker counters kept on globalThis. */
function judgeScript({ body }: { body: unknown }) {
  const state = globalThis as unknown as { judged?: Record<string, number> };
  state.judged ??= {};
  const mark = /\[judge:(\w+)\]/.exec(JSON.stringify(body))?.[1] ?? "none";
  const n = (state.judged[mark] ?? 0) + 1;
  state.judged[mark] = n;
  const grade = (points: number) => ({ text: `The proof is checked.\n<points>${points} out of 7</points>` });
  if (mark === "full") return grade(7);
  if (mark === "almost") return grade(6);
  if (mark === "retry") return n % 2 === 1 ? { text: "I would give it 7/7." } : grade(n % 4 === 2 ? 7 : 1);
  if (mark === "garbage") return n % 4 === 0 ? grade(6) : { text: "<points>5 out of 7</points>" };
  return { text: "no marker" };
}

interface Row {
  grouping: string;
  group: string;
  samples: number;
  accuracy: number;
  meanScore: number;
  atK: { k: number; passAtK: number | null; passHatK: number | null; bestAtK: number | null }[];
  metrics: Record<string, number | null>;
}

interface Sample {
  instance: string;
  score: number;
  passed: boolean;
  failureKind: string | null;
  judge: { grade: number | null; replies: string[] } | null;
  verdict: { checks: { name: string; ok: boolean }[] } | null;
}

describe("plumb run combench/construction with a scripted judge", () => {
  const dir = mkdtempSync(join(tmpdir(), "plumb-combench-"));
  const db = join(dir, "plumb.db");
  const records = loadStarterRecords().filter((r) => r.id in SCRIPT);
  const instances = join(dir, "instances.jsonl");
  let server: FakeOpenAI;

  const plumbWith = (env: Record<string, string>, ...args: string[]) =>
    runCli(args, { env: { OPENAI_COMPATIBLE_API_KEY: "k", PLUMB_COMBENCH_VERIFIER: "auto", ...env } });
  const plumb = (...args: string[]) => plumbWith({}, ...args);

  const run = async (name: string, model: string) => {
    const r = await plumb(
      ...["run", "combench/construction", "--instances", instances, "--model", model, "--epochs", "2"],
      // Verified in checker threads: the jailed Python verifiers run from there.
      ...["--workers", "2"],
      ...["--judge", "openai-compatible:grader", "--base-url", server.url, "--concurrency", "1"],
      ...["--run", name, "--db", db, "--format", "json", "--no-progress"],
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { rows: Row[] }).rows;
    const samples = (await plumb("export", name, "--db", db)).stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Sample);
    return { rows, samples };
  };

  const overall = (rows: Row[]) => rows.find((r) => r.grouping === "overall") as Row;
  const at = (row: Row, k: number) => row.atK.find((a) => a.k === k);
  const scores = (samples: Sample[], id: Id) =>
    samples
      .filter((s) => s.instance === id)
      .map((s) => Math.round(s.score * 7))
      .sort();

  beforeAll(async () => {
    expect(records).toHaveLength(4);
    const marked = records.map((r) => ({ ...r, query: `[judge:${SCRIPT[r.id as Id]}] ${r.query}` }));
    writeFileSync(instances, marked.map((r) => JSON.stringify(r)).join("\n"));
    server = await startFakeOpenAI({ reply: judgeScript });
  });
  afterAll(async () => {
    await server.close();
  });

  it("the oracle's answers pass their verifiers; the grades give the expected Avg, Best@2, Pass@2 and Pass^2", async () => {
    const { rows, samples } = await run("oracle", "oracle");
    const row = overall(rows);
    expect(row.samples).toBe(8);
    // Points per sample: full 7,7; almost 6,6; retry 7,1; garbage unscored (0),6.
    expect(scores(samples, "plumb-imo2020-p4-n33")).toEqual([7, 7]);
    expect(scores(samples, "plumb-imo2022-p1-n10-k16")).toEqual([6, 6]);
    expect(scores(samples, "plumb-imo1964-p4-k16")).toEqual([1, 7]);
    expect(scores(samples, "plumb-imo2000-p4")).toEqual([0, 6]);
    expect(row.meanScore).toBeCloseTo((7 + 7 + 6 + 6 + 7 + 1 + 0 + 6) / 7 / 8, 12);
    expect(row.accuracy).toBe(3 / 8);
    expect(at(row, 2)?.bestAtK).toBeCloseTo((7 + 6 + 7 + 6) / 7 / 4, 12);
    expect(at(row, 2)?.passAtK).toBe(2 / 4);
    expect(at(row, 2)?.passHatK).toBe(1 / 4);
    expect(rows.find((r) => r.group === "type:construction")?.meanScore).toBe(row.meanScore);

    for (const s of samples) {
      expect(s.verdict?.checks.find((c) => c.name === "construction.verified")?.ok, s.instance).toBe(true);
    }
    const unscored = samples.filter((s) => s.failureKind === "unscored");
    expect(unscored).toHaveLength(1);
    expect(unscored[0]).toMatchObject({ instance: "plumb-imo2000-p4", score: 0, judge: { grade: null } });
    expect(unscored[0]?.judge?.replies).toHaveLength(3);
    const retried = samples.filter((s) => s.instance === "plumb-imo1964-p4-k16");
    for (const s of retried) expect(s.judge?.replies).toHaveLength(2);
  });

  it("a broken construction demotes 7 to 6 and 6 to 1 and leaves 1 and the unscored sample as they are", async () => {
    const reference = (id: Id) => records.find((r) => r.id === id)?.ref_solution ?? "";
    const answer = (id: Id, second: string) =>
      `## Solution to Question 1\n${reference(id)}\n\n## Solution to Question 2\n${second}\n`;
    const replies = join(dir, "broken.jsonl");
    const lines = [
      { id: "plumb-imo2020-p4-n33", text: answer("plumb-imo2020-p4-n33", "A construction exists.") },
      {
        id: "plumb-imo2022-p1-n10-k16",
        text: answer("plumb-imo2022-p1-n10-k16", "<construct>\n'AB'\n</construct>"),
      },
      {
        id: "plumb-imo1964-p4-k16",
        text: answer("plumb-imo1964-p4-k16", "<construct>[1</construct><construct>[2]</construct>"),
      },
      { id: "plumb-imo2000-p4", text: answer("plumb-imo2000-p4", "<construct>\n[[1, 2, 3]]\n</construct>") },
    ];
    writeFileSync(replies, lines.map((l) => JSON.stringify(l)).join("\n"));
    const { rows, samples } = await run("broken", `replay:${replies}`);
    const row = overall(rows);
    expect(scores(samples, "plumb-imo2020-p4-n33")).toEqual([6, 6]);
    expect(scores(samples, "plumb-imo2022-p1-n10-k16")).toEqual([1, 1]);
    // The judge sees the proof only, as in the oracle run, and only readable grades are cached: the
    // garbage replies are asked afresh (the counter's next replies read 7), and the grades come back.
    expect(scores(samples, "plumb-imo1964-p4-k16")).toEqual([6, 6]);
    expect(scores(samples, "plumb-imo2000-p4")).toEqual([0, 1]);
    expect(row.meanScore).toBeCloseTo((6 + 6 + 1 + 1 + 6 + 6 + 0 + 1) / 7 / 8, 12);
    // The paper's Table 2: the judge's grades before gating (the unscored sample counts 0).
    expect(row.metrics["proof before gating"]).toBeCloseTo((7 + 7 + 6 + 6 + 7 + 7 + 0 + 6) / 7 / 8, 12);
    expect(row.accuracy).toBe(0);
    expect(at(row, 2)?.bestAtK).toBeCloseTo((6 + 1 + 6 + 1) / 7 / 4, 12);
    expect(at(row, 2)?.passAtK).toBe(0);
    expect(at(row, 2)?.passHatK).toBe(0);
    expect(samples.filter((s) => s.failureKind === "unscored")).toHaveLength(1);
    const kinds = new Set(
      samples.filter((s) => s.instance === "plumb-imo2020-p4-n33").map((s) => s.failureKind),
    );
    expect(kinds).toEqual(new Set(["invalid"]));

    // The parsing mode is part of the run: resuming it under another is refused, naming the change.
    const again = await plumbWith(
      { PLUMB_COMBENCH_PARSING: "plumb" },
      ...["run", "combench/construction", "--instances", instances, "--model", `replay:${replies}`],
      ...["--epochs", "2", "--judge", "openai-compatible:grader", "--base-url", server.url],
      ...["--run", "broken", "--db", db, "--no-progress"],
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/settings\.combench\/construction\.parsing: "anchor" → "plumb"/);
  });

  it("a proof with a construct block in it is a format failure, never sent to the judge; the block still runs", async () => {
    const id = "plumb-imo2020-p4-n33";
    const reference = records.find((r) => r.id === id)?.ref_construction ?? "";
    const text = `## Solution to Question 1\nSee <construct>[0]</construct>.\n\n## Solution to Question 2\n<construct>\n${reference}\n</construct>\n`;
    const replies = join(dir, "tag-in-proof.jsonl");
    writeFileSync(replies, `${JSON.stringify({ id, text })}\n`);
    const one = join(dir, "one-instance.jsonl");
    writeFileSync(
      one,
      `${readFileSync(instances, "utf8")
        .split("\n")
        .find((l) => l.includes(`"${id}"`))}\n`,
    );
    const r = await plumb(
      ...["run", "combench/construction", "--instances", one, "--model", `replay:${replies}`],
      ...["--judge", "openai-compatible:grader", "--base-url", server.url, "--concurrency", "1"],
      ...["--run", "tag-in-proof", "--db", db, "--format", "json", "--no-progress"],
    );
    expect(r.code, r.stderr).toBe(0);
    const [sample] = (await plumb("export", "tag-in-proof", "--db", db)).stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Sample)
      .filter((x) => x.instance === id);
    expect(sample).toMatchObject({ score: 0, failureKind: "parse", judge: null });
    expect(sample?.verdict?.checks.find((c) => c.name === "construction.verified")?.ok).toBe(true);
  });

  it("a judge outage leaves samples unscored, and --retry-errors judges them again", async () => {
    // Down for the first eight calls (one per sample), then a full grade.
    const judge = await startFakeOpenAI({
      reply: ({ n }) => (n <= 8 ? { status: 503 } : { text: "<points>7 out of 7</points>" }),
    });
    try {
      const args = (...extra: string[]) => [
        ...["run", "combench/construction", "--instances", instances, "--model", "oracle", "--epochs", "2"],
        ...["--judge", `openai-compatible:grader@${judge.url}`, "--judge-attempts", "1", "--retries", "0"],
        ...["--run", "outage", "--db", db, "--format", "json", "--no-progress", ...extra],
      ];
      const down = await plumb(...args());
      expect(down.code, down.stderr).toBe(0);
      const unscored = (await plumb("export", "outage", "--db", db)).stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Sample);
      expect(unscored.map((s) => s.failureKind)).toEqual(Array(8).fill("unscored"));
      expect(judge.count()).toBe(8);
      const again = await plumb(...args("--retry-errors"));
      expect(again.code, again.stderr).toBe(0);
      expect(judge.count()).toBe(16);
      const judged = (await plumb("export", "outage", "--db", db)).stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Sample);
      expect(judged.map((s) => s.judge?.grade)).toEqual(Array(8).fill(7));
      expect(judged.every((s) => s.passed)).toBe(true);
      // Nothing left to judge: a third pass asks nothing.
      expect((await plumb(...args("--retry-errors"))).code).toBe(0);
      expect(judge.count()).toBe(16);
    } finally {
      await judge.close();
    }
  });

  it("refuses to start without --judge", async () => {
    const r = await plumb(
      "run",
      "combench/construction",
      "--instances",
      instances,
      "--model",
      "oracle",
      "--db",
      db,
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/graded by a judge model: pass --judge/);
  });
});

describe("plumb grade combench/construction: payloads that try to forge a pass", () => {
  const dir = mkdtempSync(join(tmpdir(), "plumb-combench-forge-"));
  const fixture = fileURLToPath(new URL("./fixtures/combench/eval-verifier.jsonl", import.meta.url));
  const answer = (payload: string) =>
    `## Solution to Question 1\nProof.\n\n## Solution to Question 2\n<construct>\n${payload}\n</construct>\n`;

  it("passes the comprehension reference, evaluated in its own jail, and no forged payload", async () => {
    const record = JSON.parse(readFileSync(fixture, "utf8")) as { id: string; ref_construction: string };
    const payloads: Record<string, string> = {
      reference: record.ref_construction,
      "print rebound": `__import__("builtins").__setattr__("print", lambda *a, **k: __import__("sys").stdout.write("True\\n"))`,
      atexit: `__import__("atexit").register(lambda: __import__("sys").stdout.write("True\\n"))`,
      "exit after True": `(print("True"), __import__("sys").stdout.flush(), __import__("os")._exit(0))`,
      "one car short": record.ref_construction.replace("range(1, 1057)", "range(1, 1056)"),
    };
    const responses = join(dir, "responses.jsonl");
    writeFileSync(
      responses,
      Object.entries(payloads)
        .map(([name, payload]) => JSON.stringify({ id: record.id, text: answer(payload), name }))
        .join("\n"),
    );
    const r = await runCli(
      ["grade", "combench/construction", "--instances", fixture, "--responses", responses],
      { env: { PLUMB_COMBENCH_VERIFIER: "python" } },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as { checks: { name: string; ok: boolean; detail: string }[]; isolation?: string },
      );
    const verified = rows.map((row) => row.checks.find((c) => c.name === "construction.verified"));
    expect(verified.map((c) => c?.ok)).toEqual([true, false, false, false, false]);
    expect(verified[0]?.detail).toContain("payload evaluated first");
    expect(rows.map((row) => row.isolation)).toEqual(Array(5).fill("bwrap"));
    expect(r.stderr).toContain("verifiers ran under bwrap 5");
  });
});
