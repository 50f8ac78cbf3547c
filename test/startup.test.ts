/**
 * `plumb --help` and `plumb list` start at the speed of Node: they load commander, the option
 * definitions and the registry with the tasks' infos, and nothing else. A module hook records every
 * module a real process loads; a heavy dependency or a task's code among them is a regression (a
 * command module imported at the top of src/cli/main.ts, a help text's constant read from a heavy
 * module, an info.ts that imports its task…).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCliProcess } from "./support/cli.ts";

const HEAVY_PACKAGES =
  /\/node_modules\/(zod|ai|@ai-sdk\/[^/]+|better-sqlite3|undici|@resvg\/[^/]+|manifold-3d|@dimforge\/[^/]+|delaunator|fast-xml-parser|robust-predicates)\//;
/** The modules of src a start may load: the CLI's entry and its light helpers, core, the catalog and infos. */
const LIGHT_SOURCES =
  /\/src\/(cli\/(main|defaults|list)\.ts|core\/[^/]+\.ts|eval\/cache-mode\.ts|suites\/(catalog\.ts|.+\/info\.ts|[^/]+\/paper-table\.ts))$/;

/** The file: URLs of every module `plumb ...argv` loads, in a process of its own. */
async function modulesLoaded(argv: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "plumb-startup-"));
  const log = join(dir, "modules.txt");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + "\\n");
  return next(url, context);
}
`,
  );
  const register = join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  writeFileSync(log, "");
  const r = await runCliProcess(argv, { nodeOptions: ["--import", pathToFileURL(register).href] });
  expect(r.code, r.stderr).toBe(0);
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file:"));
}

describe("start-up", () => {
  it.each([["--help"], ["list"]])("plumb %s loads no heavy package and no task code", async (command) => {
    const loaded = await modulesLoaded([command]);
    expect(loaded.some((url) => url.endsWith("/src/cli/main.ts"))).toBe(true);
    expect(loaded.filter((url) => HEAVY_PACKAGES.test(url))).toEqual([]);
    const sources = loaded.filter((url) => url.includes("/src/"));
    expect(sources.filter((url) => !LIGHT_SOURCES.test(url))).toEqual([]);
  });
});
