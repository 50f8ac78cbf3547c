/**
 * The seeds' analysis layer through the real CLI, against scripted servers on 127.0.0.1: the tools
 * setting (Plumb's python tool, run in the real sandbox), failure-mode attribution by a judge,
 * budget sweeps and selection strategies.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.ts";
import { SPARC_PUZZLES } from "./support/sparc.ts";

const KEYS = { OPENAI_COMPATIBLE_API_KEY: "compatible-key" };
const plumb = (...args: string[]) => runCli(args, { env: KEYS });

const dir = mkdtempSync(join(tmpdir(), "plumb-analysis-"));
const puzzles = join(dir, "puzzles.jsonl");
writeFileSync(puzzles, `${readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n").slice(0, 3).join("\n")}\n`);
const db = join(dir, "runs.db");

type Body = {
  messages: { role: string; content: unknown; tool_call_id?: string }[];
  tools?: unknown[];
  max_tokens?: number;
};

/** The model: with the python tool it calls it once, then answers with what the tool printed. */
let model: FakeOpenAI;
/** The judge: scripted per test with enqueue, else a readable label or choice. */
let judge: FakeOpenAI;

beforeAll(async () => {
  model = await startFakeOpenAI({
    reply: ({ body }) => {
      const b = body as Body;
      const last = b.messages[b.messages.length - 1];
      if (last?.role === "tool")
        return { text: `the tool said ${String(last.content).trim()}\n#### [(0, 0)]` };
      if (b.tools)
        return { toolCalls: [{ id: "call_1", name: "python", arguments: '{"code": "print(6 * 7)"}' }] };
      const cap = b.max_tokens ?? 4096;
      return { text: "#### [(0, 0)]", usage: { prompt: 50, completion: Math.floor(cap / 2) } };
    },
  });
  judge = await startFakeOpenAI({
    reply: ({ body }) => {
      const text = JSON.stringify(body);
      if (text.includes("Candidate 1"))
        return { text: '{"choice": 2, "reason": "the second path is the longest"}' };
      return { text: '{"label": "local-only", "confidence": 0.7, "reason": "the path stops at the start"}' };
    },
  });
});
afterAll(async () => {
  await model.close();
  await judge.close();
});

const fake = () => `openai-compatible:fake@${model.url}`;
const judgeId = () => `openai-compatible:judge@${judge.url}`;
const run = (name: string, ...extra: string[]) =>
  plumb(
    "run",
    "sparc",
    "--instances",
    puzzles,
    "--run",
    name,
    "--db",
    db,
    "--format",
    "json",
    "--no-progress",
    "--timeout",
    "20",
    ...extra,
  );
const exported = async (name: string) =>
  (await plumb("export", name, "--db", db)).stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the tools setting", () => {
  it("runs each model with and without the python tool in one run; the tool's real output goes back and is kept", async () => {
    const before = model.count();
    const r = await run("tools", "--model", fake(), "--tools", "none,python", "--tool-calls", "2");
    expect(r.code, r.stderr).toBe(0);
    const requests = model.requests.slice(before).map((q) => q.body as Body);
    // Three puzzles without tools, and two requests each with the tool: the second carries its output.
    expect(requests).toHaveLength(9);
    const declared = requests.filter((b) => b.tools !== undefined);
    expect(declared).toHaveLength(6);
    for (const b of declared) expect(b).not.toHaveProperty("response_format");
    const answers = declared.filter((b) => b.messages.some((m) => m.role === "tool"));
    expect(answers).toHaveLength(3);
    for (const b of answers) {
      const tool = b.messages.find((m) => m.role === "tool");
      expect(tool?.tool_call_id).toBe("call_1");
      expect(String(tool?.content)).toContain("42");
    }

    const samples = await exported("tools");
    expect(new Set(samples.map((s) => s.model))).toEqual(new Set([fake(), `${fake()}+tools=python`]));
    for (const s of samples) {
      if (s.model === fake()) {
        expect(s.toolCalls).toBeNull();
        continue;
      }
      expect(s.text).toContain("the tool said 42");
      expect(s.toolCalls).toEqual([
        expect.objectContaining({ tool: "python", by: "plumb", input: "print(6 * 7)", output: "42\n" }),
      ]);
      expect(s.toolUse).toEqual({ python: 1 });
    }

    const report = await plumb("report", "tools", "--db", db);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/## Tools minus no tools/);
    expect(report.stdout).toContain("tools=python");
  });

  it("refuses, before any call, tools a model cannot have and episodes with tools", async () => {
    const before = model.count();
    const hosted = await run("refused", "--model", fake(), "--tools", "provider");
    expect(hosted.code).toBe(2);
    expect(hosted.stderr).toMatch(/--tools/);
    const search = await run("refused", "--model", fake(), "--tools", "python", "--web-search");
    expect(search.code).toBe(2);
    expect(search.stderr).toMatch(/--web-search/);
    const typo = await run("refused", "--model", fake(), "--tools", "none,pyhton");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/pyhton/);
    const gym = await run("refused", "--model", "random", "--tools", "python", "--gym");
    expect(gym.code).toBe(2);
    expect(gym.stderr).toMatch(/episodes/);
    expect(model.count()).toBe(before);
  });
});

describe("failure-mode attribution", () => {
  it("labels every failed sample once, retries unreadable replies, keeps unreadable ones for the next analysis", async () => {
    const r = await run("failing", "--model", fake());
    expect(r.code, r.stderr).toBe(0);
    const before = judge.count();
    // First sample: prose, then a label outside the set, then a readable one. Second: three
    // unreadable replies (it stays unreadable). Third: the default readable label.
    judge.enqueue(
      { text: "I would say local-only." },
      { text: '{"label": "sloppy", "confidence": 0.5, "reason": "x"}' },
      { text: '```json\n{"label": "Near-Miss", "confidence": 0.9, "reason": "one cell off"}\n```' },
      { text: '{"label": "evasion", "confidence": 2, "reason": "x"}' },
      { text: '{"label": "evasion", "confidence": 0.5, "reason": "x", "extra": 1}' },
      { text: '{"label": "evasion", "confidence": 0.5, "reason": "two\\nlines"}' },
    );
    const a = await plumb(
      "analyse",
      "failures",
      "failing",
      "--judge",
      judgeId(),
      "--db",
      db,
      "--concurrency",
      "1",
    );
    expect(a.code, a.stderr).toBe(0);
    expect(judge.count() - before).toBe(7);
    expect(a.stderr).toMatch(/3 to judge: 0 already judged, 2 judged now, 1 left unreadable/);
    expect(a.stdout).toMatch(/## Failure modes: SCBench failure modes \(scbench\), judged by/);
    expect(a.stdout).toMatch(/Near-Miss/);

    // What the judge saw: the label set, the task's card, the verifier's checks and the raw output.
    const asked = JSON.stringify(judge.requests[before]?.body);
    for (const part of [
      "Evasion/Forfeit",
      "Task card (sparc)",
      "path.start_end",
      "#### [(0, 0)]",
      "Tie-breaks",
    ])
      expect(asked).toContain(part);

    // A second analysis asks only about the unreadable one; the report shows the distribution.
    const again = await plumb("analyse", "failures", "failing", "--judge", judgeId(), "--db", db);
    expect(again.code, again.stderr).toBe(0);
    expect(judge.count() - before).toBe(8);
    expect(again.stderr).toMatch(/3 to judge: 2 already judged, 1 judged now, 0 left unreadable/);
    const report = await plumb("report", "failing", "--db", db, "--format", "json");
    const analysis = report.stdout.slice(report.stdout.lastIndexOf('\n{\n  "tools"') + 1);
    const failures = (JSON.parse(analysis) as { failures: { analyses: { byModel: unknown[] }[] } }).failures;
    expect(failures.analyses).toHaveLength(1);
    expect(JSON.stringify(failures.analyses[0]?.byModel)).toMatch(/"local-only":\{"count":2/);
  });

  it("runs another taxonomy from data, and refuses an unknown one and a built-in agent as judge", async () => {
    const set = join(dir, "labels.json");
    writeFileSync(
      set,
      JSON.stringify({
        id: "mine",
        title: "Two labels",
        source: "a test",
        threshold: 1,
        labels: [
          { id: "local-only", name: "Local", definition: "local" },
          { id: "other", name: "Other", definition: "anything else" },
        ],
        rules: [],
      }),
    );
    const ok = await plumb(
      "analyse",
      "failures",
      "failing",
      "--judge",
      judgeId(),
      "--db",
      db,
      "--labels",
      set,
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Two labels/);
    const unknown = await plumb(
      "analyse",
      "failures",
      "failing",
      "--judge",
      judgeId(),
      "--db",
      db,
      "--labels",
      "nope",
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/scbench, sparc, combench/);
    const agent = await plumb("analyse", "failures", "failing", "--judge", "random", "--db", db);
    expect(agent.code).not.toBe(0);
  });
});

describe("budget sweeps", () => {
  it("runs the same instances at each cap, states the cap in the prompt, and reports and plots accuracy and tokens", async () => {
    const before = model.count();
    const plot = join(dir, "sweep.svg");
    const r = await plumb(
      "sweep",
      "sparc",
      "--instances",
      puzzles,
      "--model",
      fake(),
      "--max-output-tokens",
      "256,1k",
      "--run",
      "sweep",
      "--db",
      db,
      "--no-progress",
      "--plot",
      plot,
    );
    expect(r.code, r.stderr).toBe(0);
    const bodies = model.requests.slice(before).map((q) => q.body as Body);
    expect(bodies.map((b) => b.max_tokens).sort()).toEqual([1024, 1024, 1024, 256, 256, 256]);
    for (const b of bodies)
      expect(JSON.stringify(b.messages)).toContain(`at most ${b.max_tokens} output tokens`);
    expect(r.stdout).toMatch(/\| *openai-compatible:fake@[^|]+\| *256 *\|/);
    const svg = readFileSync(plot, "utf8");
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(JSON.stringify(new XMLParser().parse(svg))).toContain("openai-compatible:fake");
    const samples = await exported("sweep");
    const tokens = (cap: number) =>
      samples
        .filter((s) => String(s.model).endsWith(`=${cap}`))
        .map((s) => (s.usage as { output: number }).output);
    expect(tokens(256)).toEqual([128, 128, 128]);
    expect(tokens(1024)).toEqual([512, 512, 512]);
    const png = join(dir, "sweep.png");
    const report = await plumb("report", "sweep", "--db", db, "--plot", png);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/## Budget sweep/);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");
    const none = await plumb("report", "tools", "--db", db, "--plot", png);
    expect(none.code).toBe(2);
  });
});

describe("selection strategies", () => {
  it("gives Avg@k and Pass@k, and the judge's pick among k samples shown without verdicts", async () => {
    const r = await run("epochs", "--model", "random", "--epochs", "4", "--seed", "3");
    expect(r.code, r.stderr).toBe(0);
    const before = judge.count();
    const a = await plumb("analyse", "selection", "epochs", "--judge", judgeId(), "--db", db, "--k", "4");
    expect(a.code, a.stderr).toBe(0);
    expect(judge.count() - before).toBe(3);
    const asked = JSON.stringify(judge.requests[before]?.body);
    expect(asked).toContain("Candidate 4");
    expect(asked).not.toMatch(/passed|score/);
    for (const row of ["Avg@4", "Pass@1", "Pass@2", "Pass@4", "Judge Best-of-4"])
      expect(a.stdout).toContain(row);
    const report = await plumb("report", "epochs", "--db", db);
    expect(report.stdout).toMatch(/## Selection strategies/);
  });
});
