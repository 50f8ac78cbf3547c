import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../core/errors.ts";
import { type Model, parseSettingId, settingId, settingName } from "../core/model.ts";
import { modelsUnderSettings, parseTokenList, parseToolSettings } from "./settings.ts";

const model = (id: string): Model => ({
  id,
  provider: "openai",
  spec: { provider: "openai", model: id },
  options: { temperature: 0.5 },
  generate: () => Promise.reject(new Error("not called")),
});

describe("settings", () => {
  it("reads --tools lists and token lists, refusing repeats and unknown names", () => {
    expect(parseToolSettings("none,python")).toEqual(["none", "python"]);
    expect(() => parseToolSettings("none,pyhton")).toThrow(InputError);
    expect(() => parseToolSettings("python,python")).toThrow(/twice/);
    expect(parseTokenList("4k, 256,1K,65536", "--max-output-tokens")).toEqual([256, 1024, 4096, 65536]);
    for (const bad of ["", "0", "1.5k", "-2", "1m", "4k,4096"])
      expect(() => parseTokenList(bad, "--max-output-tokens"), bad).toThrow(InputError);
  });

  it("makes a model of each model under each setting, named by it and recording it", () => {
    const o = {
      tools: ["none", "python"] as const,
      maxOutputTokens: [256, 4096],
      webSearch: false,
      toolCalls: 5,
    };
    const out = modelsUnderSettings([model("openai:gpt-5.2")], { ...o, tools: [...o.tools] });
    expect(out.map((m) => m.id)).toEqual([
      "openai:gpt-5.2+max-output-tokens=256",
      "openai:gpt-5.2+max-output-tokens=4096",
      "openai:gpt-5.2+tools=python+max-output-tokens=256",
      "openai:gpt-5.2+tools=python+max-output-tokens=4096",
    ]);
    const last = out[3] as Model;
    expect(last.tools).toEqual({ kind: "python", webSearch: false, maxCalls: 5 });
    expect(last.options).toEqual({ temperature: 0.5, maxOutputTokens: 4096 });
    expect(last.spec.setting).toEqual({ tools: last.tools, maxOutputTokens: 4096 });
    const plain = model("m");
    expect(
      modelsUnderSettings([plain], { tools: ["none"], maxOutputTokens: [], webSearch: false, toolCalls: 1 }),
    ).toEqual([plain]);
    expect(() =>
      modelsUnderSettings([plain], { tools: ["python"], maxOutputTokens: [], webSearch: true, toolCalls: 1 }),
    ).toThrow(/--web-search/);
  });

  it("takes a setting id apart into the model's id and its setting, whatever the model's id", () => {
    const id = fc.oneof(
      fc.constantFrom("openai:gpt-5.2", "openai-compatible:q@http://h:8000/v1", "oracle", "a+b"),
      fc.string({ minLength: 1, maxLength: 20 }),
    );
    const setting = fc.record(
      {
        tools: fc.constantFrom("provider" as const, "python" as const),
        maxOutputTokens: fc.integer({ min: 1, max: 1e6 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(id, setting, (m, s) => {
        fc.pre(parseSettingId(m).model === m);
        expect(parseSettingId(settingId(m, s))).toEqual({ model: m, setting: s });
      }),
    );
    expect(settingName({})).toBe("no tools");
    expect(settingName({ tools: "python", maxOutputTokens: 256 })).toBe(
      "tools=python, max-output-tokens=256",
    );
  });
});
