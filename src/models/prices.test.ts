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
  });

  it("reports a missing file and bad JSON as input errors", () => {
    expect(() => loadPriceTable(join(tmpdir(), "plumb-no-such-prices.json"))).toThrow(/file not found/);
    expect(() => loadPriceTable(writeTemp("broken.json", "{"))).toThrow(/not valid JSON/);
  });
});
