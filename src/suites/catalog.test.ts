import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILTIN_LABEL_SETS, SCBENCH_LABELS, taskCardSchema } from "../core/failure-modes.ts";
import { loadTask, matchTaskIds, taskInfos } from "../core/registry.ts";
import { registerAllTasks } from "./catalog.ts";

const ids = registerAllTasks();
const catalogInfos = taskInfos().filter((i) => ids.includes(i.id));

describe("the catalog", () => {
  it("registers every suite's tasks", () => {
    expect(ids).toHaveLength(28);
    expect(new Set(ids).size).toBe(ids.length);
    expect(taskInfos("scbench")).toHaveLength(22);
    expect(taskInfos("chain").map((i) => i.id)).toEqual([
      "chain/burr",
      "chain/burr-assembly",
      "chain/stacking",
    ]);
    expect(taskInfos("combench").map((i) => i.id)).toEqual(["combench/analysis", "combench/construction"]);
    expect(taskInfos("sparc").map((i) => i.id)).toEqual(["sparc"]);
  });

  it("names tasks by a tag (SCBench's buckets) and by a list of names", () => {
    expect(matchTaskIds("tag:axiomatic")).toEqual([
      "scbench/classify-behaviour",
      "scbench/enumerate-edges",
      "scbench/half-subdivision-neighbours",
      "scbench/topology-enumeration",
      "scbench/two-segments",
    ]);
    expect(matchTaskIds("sparc, chain/burr*,sparc")).toEqual(["chain/burr", "chain/burr-assembly", "sparc"]);
    expect(() => matchTaskIds("tag:nope")).toThrow(/no task has the tag "nope"/);
  });

  // loadTask checks id, suite, description, tags, levels and presets against the info; the
  // instance counts are checked here, as loadTask does not build preset instances.
  for (const info of catalogInfos) {
    it(`states what ${info.id} is, with its presets' sizes`, async () => {
      const task = await loadTask(info.id);
      const stated = Object.entries(info.presets ?? {}).map(([name, p]) => [name, p.count]);
      const actual = Object.entries(task.presets ?? {}).map(([name, p]) => [name, p.instances().length]);
      expect(actual).toEqual(stated);
    });

    it(`gives ${info.id} a failure-mode card the judge can use`, async () => {
      const task = await loadTask(info.id);
      const card = taskCardSchema.parse(task.card);
      const known = new Set(BUILTIN_LABEL_SETS.flatMap((set) => set.labels.map((l) => l.id)));
      for (const label of SCBENCH_LABELS.labels) expect(card.tieBreaks[label.id], label.id).toBeTruthy();
      for (const id of [...Object.keys(card.tieBreaks), ...card.checks.flatMap((c) => c.likely)])
        expect(known, id).toContain(id);
    });
  }
});

/**
 * Imports the catalog in a fresh process under a resolve hook that refuses every module but Node's
 * own, the core's and the catalog's (the catalog, the tasks' info and the paper tables): a task's
 * code or a package (zod, the WebAssembly kernels) imported eagerly fails the import. The hook proves
 * it is active by refusing a task's index.ts and zod once the tasks are listed.
 */
const hook = `
const allowed = (url) => {
  const path = url.split(/[?#]/)[0];
  return (
    path.startsWith("node:") ||
    (/\\/src\\/core\\/[^/]+\\.ts$/.test(path) && !path.includes("/node_modules/")) ||
    /\\/src\\/suites\\/(catalog|.+\\/info|scbench\\/paper-table)\\.ts$/.test(path)
  );
};
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!allowed(resolved.url)) throw new Error("plumb-guard refused " + resolved.url + " (from " + context.parentURL + ")");
  return resolved;
}`;

const child = `
import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}));
const { registerAllTasks } = await import(${JSON.stringify(new URL("./catalog.ts", import.meta.url).href)});
const { taskInfos, matchTaskIds } = await import(${JSON.stringify(new URL("../core/registry.ts", import.meta.url).href)});
registerAllTasks();
const refused = async (url) => import(url).then(() => "loaded", (e) => (String(e).includes("plumb-guard") ? "refused" : String(e)));
console.log(JSON.stringify({
  tasks: taskInfos().length,
  scbench: matchTaskIds("scbench/*").length,
  sparc: await refused(${JSON.stringify(new URL("./sparc/index.ts", import.meta.url).href)}),
  zod: await refused("zod"),
}));
`;

describe("the catalog and the tasks' info modules", () => {
  it("import none of the tasks' code and no package", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(JSON.parse(out)).toEqual({ tasks: 28, scbench: 22, sparc: "refused", zod: "refused" });
  });
});
