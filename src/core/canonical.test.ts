import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical.ts";
import { parseOverrides } from "./instances.ts";

describe("keys named like prototypes", () => {
  it("stay keys in canonical JSON", () => {
    const value = JSON.parse('{"b": 1, "__proto__": {"polluted": true}, "a": [{"constructor": 2}]}');
    expect(canonicalJson(value)).toBe('{"__proto__":{"polluted":true},"a":[{"constructor":2}],"b":1}');
    expect(canonicalJson(value)).not.toBe(canonicalJson({ a: [{ constructor: 2 }], b: 1 }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stay keys in --set overrides", () => {
    const out = parseOverrides(['__proto__={"polluted":true}', "width=5"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "width"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
