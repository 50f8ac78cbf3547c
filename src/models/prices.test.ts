import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../core/errors.ts";
import { BUILTIN_PRICES, costOf, loadPriceTable, parsePriceTable } from "./prices.ts";

const usage = (input: number, output: number, reasoning = 0, cached = 0) => ({
  input,
  output,
  reasoning,
  cached,
});

function writeTemp(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "plumb-prices-")), name);
  writeFileSync(path, text);
  return path;
}

describe("costOf", () => {
  it("prices input and output per 1M tokens, reasoning inside output", () => {
    // gpt-4.1: $2 in, $8 out.
    expect(costOf("openai:gpt-4.1", usage(1_000_000, 500_000, 200_000))).toBeCloseTo(2 + 4, 12);
  });

  it("bills cached input at the cached price", () => {
    // sonnet 4.5: $3 in, $0.30 cached, $15 out; 1000 in of which 400 cached, 100 out.
    expect(costOf("anthropic:claude-sonnet-4-5", usage(1000, 100, 0, 400))).toBeCloseTo(
      (600 * 3 + 400 * 0.3 + 100 * 15) / 1e6,
      15,
    );
  });

  it("costs nothing for the built-in agents and null for unknown models", () => {
    expect(costOf("oracle", usage(10, 10))).toBe(0);
    expect(costOf("random", usage(10, 10))).toBe(0);
    expect(costOf("replay:results.jsonl", usage(10, 10))).toBe(0);
    expect(costOf("acme:unknown", usage(0, 0))).toBeNull();
  });

  it("takes a model's own price first, and never a built-in price for another endpoint's id", () => {
    const own = { id: "openai:gpt-4.1", price: { input: 1, output: 1 } };
    expect(costOf(own, usage(1_000_000, 1_000_000))).toBeCloseTo(2, 12);
    expect(costOf({ id: "openai:gpt-4.1" }, usage(1_000_000, 0))).toBeCloseTo(2, 12);
    expect(costOf({ id: "openai:gpt-4.1@http://127.0.0.1:8000/v1" }, usage(10, 10))).toBeNull();
    expect(costOf("openai:gpt-4.1@http://127.0.0.1:8000/v1", usage(10, 10))).toBeNull();
    expect(costOf({ id: "my-agent", local: true }, usage(10, 10))).toBe(0);
  });

  it("has every built-in model", () => {
    expect([...BUILTIN_PRICES.keys()]).toEqual([
      "openai:gpt-4.1",
      "openai:gpt-4.1-mini",
      "openai:o4-mini",
      "anthropic:claude-sonnet-4-5",
      "google:gemini-2.5-pro",
      "google:gemini-2.5-flash",
    ]);
  });
});

describe("costOf with hosted tool use", () => {
  it("adds each unit at its tool price; units without a price add nothing", () => {
    const tokens = costOf("openai:gpt-4.1", usage(1_000_000, 0)) as number;
    expect(
      costOf("openai:gpt-4.1", usage(1_000_000, 0), BUILTIN_PRICES, { code_interpreter: 2, web_search: 3 }),
    ).toBeCloseTo(tokens + 2 * 0.03 + 3 * 0.01, 12);
    expect(costOf("openai:gpt-4.1", usage(1_000_000, 0), BUILTIN_PRICES, { shell: 9 })).toBeCloseTo(
      tokens,
      12,
    );
    expect(
      costOf("anthropic:claude-sonnet-4-5", usage(0, 0), BUILTIN_PRICES, {
        web_search: 10,
        code_execution: 4,
      }),
    ).toBeCloseTo(0.1, 12);
    expect(costOf("google:gemini-2.5-flash", usage(0, 0), BUILTIN_PRICES, { web_search: 10 })).toBe(0);
    const own = { id: "x", price: { input: 0, output: 0, tools: { web_search: 0.5 } } };
    expect(costOf(own, usage(10, 10), BUILTIN_PRICES, { web_search: 2 })).toBeCloseTo(1, 12);
  });

  it("prices a model run under a setting by its own id", () => {
    const plain = costOf("openai:gpt-4.1", usage(1000, 1000)) as number;
    expect(plain).toBeGreaterThan(0);
    expect(costOf("openai:gpt-4.1+tools=provider", usage(1000, 1000))).toBeCloseTo(plain, 15);
    expect(costOf("openai:gpt-4.1+tools=python+max-output-tokens=4096", usage(1000, 1000))).toBeCloseTo(
      plain,
      15,
    );
    expect(costOf({ id: "openai:gpt-4.1+max-output-tokens=4096" }, usage(1000, 1000))).toBeCloseTo(plain, 15);
    expect(
      costOf("openai:gpt-4.1+tools=provider", usage(0, 0), BUILTIN_PRICES, { web_search: 1 }),
    ).toBeCloseTo(0.01, 12);
    expect(costOf("oracle+tools=python", usage(10, 10))).toBe(0);
    expect(costOf("acme:unknown+tools=python", usage(1, 1))).toBeNull();
    // An exact price for the setting's id wins.
    const table = new Map([...BUILTIN_PRICES, ["openai:gpt-4.1+tools=provider", { input: 0, output: 0 }]]);
    expect(costOf("openai:gpt-4.1+tools=provider", usage(1000, 1000), table)).toBe(0);
  });
});

describe("loadPriceTable", () => {
  it("merges overrides over the built-ins; cached defaults to the input price", () => {
    const path = writeTemp(
      "prices.json",
      JSON.stringify({ "openai:gpt-4.1": { input: 1, output: 4 }, "acme:m1": { input: 1, output: 2 } }),
    );
    const table = loadPriceTable(path);
    expect(table.get("openai:gpt-4.1")).toEqual({ input: 1, output: 4 });
    expect(table.get("openai:o4-mini")).toEqual(BUILTIN_PRICES.get("openai:o4-mini"));
    expect(costOf("acme:m1", usage(1_000_000, 1_000_000, 0, 500_000), table)).toBeCloseTo(3, 12);
    expect(costOf("openai:gpt-4.1", usage(1_000_000, 0, 0, 1_000_000), table)).toBeCloseTo(1, 12);
  });

  it("names the bad field", () => {
    const path = writeTemp("bad.json", JSON.stringify({ "acme:m1": { input: -1, output: 2 } }));
    expect(() => loadPriceTable(path)).toThrow(InputError);
    expect(() => loadPriceTable(path)).toThrow(/bad\.json, field acme:m1\.input: /);
    expect(() => parsePriceTable({ "acme:m1": { input: 1, output: "2" } })).toThrow(/field acme:m1\.output/);
    expect(() => parsePriceTable({ "acme:m1": { input: 1, output: 2, extra: 1 } })).toThrow(InputError);
    expect(() => parsePriceTable({ "acme:m1": { input: 1, output: 2, tools: { web_search: -1 } } })).toThrow(
      /field acme:m1\.tools\.web_search/,
    );
    expect(
      parsePriceTable({ "acme:m1": { input: 1, output: 2, tools: { web_search: 0.02 } } }).get("acme:m1"),
    ).toEqual({
      input: 1,
      output: 2,
      tools: { web_search: 0.02 },
    });
  });

  it("reports a missing file and bad JSON as input errors", () => {
    expect(() => loadPriceTable(join(tmpdir(), "plumb-no-such-prices.json"))).toThrow(/file not found/);
    expect(() => loadPriceTable(writeTemp("broken.json", "{"))).toThrow(/not valid JSON/);
  });
});
