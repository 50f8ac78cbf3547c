import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildPrompt, parsePromptTemplate, readPromptTemplate } from "./prompt-template.ts";
import type { Instance, Task } from "./task.ts";

const task: Task<Record<string, never>, { n: number }, number> = {
  id: "test/template",
  suite: "test",
  version: 1,
  description: "a number to echo",
  tags: [],
  params: z.object({}),
  levels: {},
  answer: z.number(),
  data: z.object({ n: z.number() }),
  generate: () => ({ id: "i", task: "test/template", params: {}, seed: "s", data: { n: 7 } }),
  prompt: (inst) => ({
    messages: [
      { role: "system", content: "Be exact." },
      { role: "user", content: `Echo ${inst.data.n}.` },
    ],
    images: [{ mediaType: "image/png", data: new Uint8Array([1]), alt: "seven" }],
  }),
  promptFields: (inst) => ({ n: String(inst.data.n), hostile: "{{n}} $& $1" }),
  parse: (text) => Number(text),
  verify: () => ({ score: 1, passed: true, checks: [] }),
};
const inst: Instance<{ n: number }> = {
  id: "i",
  task: "test/template",
  params: {},
  seed: "s",
  data: { n: 7 },
};

describe("prompt templates", () => {
  it("without a template, the task's own prompt", () => {
    expect(buildPrompt(task, inst)).toEqual(task.prompt(inst));
  });

  it("fills the task's fields, id, and the task's own wording; images stay", () => {
    const template = parsePromptTemplate(
      "===system===\nYou answer numbers.\n===user===\nItem {{id}}: n = {{ n }}.\nPlumb says: {{prompt}} ({{system}})\n",
      "t.txt",
    );
    const prompt = buildPrompt(task, inst, { template });
    expect(prompt.messages).toEqual([
      { role: "system", content: "You answer numbers." },
      { role: "user", content: "Item i: n = 7.\nPlumb says: Echo 7. (Be exact.)" },
    ]);
    expect(prompt.images).toHaveLength(1);
  });

  it("a plain file is the user message alone; values are inserted as they are, never re-read", () => {
    const prompt = buildPrompt(task, inst, { template: parsePromptTemplate("{{hostile}} {{n}}", "t.txt") });
    expect(prompt.messages).toEqual([{ role: "user", content: "{{n}} $& $1 7" }]);
  });

  it("refuses unknown placeholders and malformed sections, naming file, line and field", () => {
    const unknown = parsePromptTemplate(
      "===system===\nBe brief.\n===user===\nline one\nsize {{grid_size}}",
      "t.txt",
    );
    expect(() => buildPrompt(task, inst, { template: unknown })).toThrow(
      "t.txt line 5, field grid_size: unknown placeholder {{grid_size}} (known: hostile, id, n, prompt, system)",
    );
    expect(() => parsePromptTemplate("hello\n===user===\nx", "t.txt")).toThrow(
      /line 1.*text before the first/,
    );
    expect(() => parsePromptTemplate("===system===\nx", "t.txt")).toThrow(/no ===user=== section/);
    expect(() => parsePromptTemplate("===user===\nx\n===user===\ny", "t.txt")).toThrow(
      /line 3.*second ===user===/,
    );
    for (const bad of ["{{ 1x }}", "{{n", "{{#n}}open", "{{/n}}"]) {
      expect(() => buildPrompt(task, inst, { template: parsePromptTemplate(bad, "t.txt") })).toThrow(
        /t\.txt line 1/,
      );
    }
    // Single braces are text.
    const literal = parsePromptTemplate("{n} = {{n}}", "t.txt");
    expect(buildPrompt(task, inst, { template: literal }).messages[0]?.content).toBe("{n} = 7");
  });

  it("keeps a section only when its field is non-empty ({{#f}}), or only when empty ({{^f}})", () => {
    const template = parsePromptTemplate("{{#n}}n is {{n}}.{{/n}}{{^prompt}}no prompt{{/prompt}}", "t.txt");
    expect(buildPrompt(task, inst, { template }).messages[0]?.content).toBe("n is 7.");
  });

  it("reads a file, and refuses one too large or missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumb-template-"));
    const ok = join(dir, "ok.txt");
    writeFileSync(ok, "n={{n}}");
    expect(readPromptTemplate(ok)).toEqual({ source: ok, user: { text: "n={{n}}", line: 1 } });
    const big = join(dir, "big.txt");
    writeFileSync(big, "x".repeat(300 * 1024));
    expect(() => readPromptTemplate(big)).toThrow(/big\.txt: 307200 bytes, over the 262144 read here/);
    expect(() => readPromptTemplate(join(dir, "none.txt"))).toThrow(/none\.txt: file not found/);
  });
});
