import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { sourceHash } from "../scripts/source-hash.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STAMP = join(ROOT, "dist/SOURCE-HASH");
const dir = mkdtempSync(join(tmpdir(), "plumb-package-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** npm, never reaching the network: packages come from the cache the project's own install filled. */
function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  [key: string]: unknown;
}

/**
 * A lockfile for a project that depends on the tarball alone: Plumb's own locked runtime tree (its
 * dev-only entries left out), so `npm ci` finds every package by version and integrity in the cache.
 */
function consumerLock(tarball: string): unknown {
  const own = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const root = own.packages[""] as LockEntry & { dependencies: Record<string, string> };
  const runtime = Object.entries(own.packages).filter(([path, e]) => path !== "" && !e.dev);
  return {
    name: "consumer",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "consumer", dependencies: { plumb: `file:${tarball}` } },
      "node_modules/plumb": {
        version: root.version,
        resolved: `file:${tarball}`,
        license: "MIT",
        dependencies: root.dependencies,
        bin: { plumb: "bin/plumb.js" },
        engines: { node: ">=20.19" },
      },
      ...Object.fromEntries(runtime),
    },
  };
}

const SCRIPT = `
import { formatAnswer, generate, grade, listTasks, solve } from "plumb";

const [inst] = await generate("sparc", { count: 1, seed: 5 });
const { answers } = await solve("sparc", inst);
const right = await grade("sparc", inst, await formatAnswer("sparc", inst, answers[0]));
const garbage = await grade("sparc", inst, "I give up");
console.log(JSON.stringify({ tasks: listTasks().length, right: right.passed, garbage: garbage.failure?.kind }));
`;

/** The code block of README's "The library" section. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The library"));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error("README has no library example");
  return match[1];
}

describe("the published package", () => {
  it("packs, installs into an empty project, and works there as a CLI and as a library", () => {
    // npm pack runs `prepare`, which builds dist/ from the sources as they are now; a dist/ built
    // from exactly these sources (CI's install has just built it) is packed as it is.
    const fresh = existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === sourceHash();
    const pack = ["pack", "--json", "--pack-destination", dir, ...(fresh ? ["--ignore-scripts"] : [])];
    const packed = JSON.parse(npm(pack, ROOT)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const tarball = packed[0]?.filename ?? "";
    const files = packed[0]?.files.map((f) => f.path) ?? [];
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/suites/scbench/delaunay/original.jsonl");
    // The viewer: its web app and the report thread it starts by file.
    expect(files).toContain("dist/web/index.html");
    expect(files.some((f) => /^dist\/web\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files).toContain("dist/view/analyse-worker.js");
    expect(files.some((f) => f.endsWith(".test.js") || f.startsWith("src/") || f.startsWith("test/"))).toBe(
      false,
    );

    const project = join(dir, "consumer");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({
        name: "consumer",
        private: true,
        type: "module",
        dependencies: { plumb: `file:../${tarball}` },
      }),
    );
    writeFileSync(join(project, "package-lock.json"), JSON.stringify(consumerLock(`../${tarball}`)));
    // Install scripts stay off: better-sqlite3's would fetch a binary; nothing here opens a database.
    npm(["ci", "--ignore-scripts"], project);

    const help = npm(["exec", "--no", "--", "plumb", "--help"], project);
    expect(help).toContain("Usage: plumb");
    expect(help).toContain("generate");

    writeFileSync(join(project, "grade.mjs"), SCRIPT);
    const out = execFileSync(process.execPath, ["grade.mjs"], { cwd: project, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ tasks: 28, right: true, garbage: "parse" });

    // The README's library example, exactly as written there.
    writeFileSync(join(project, "readme.mjs"), readmeExample());
    const lines = execFileSync(process.execPath, ["readme.mjs"], { cwd: project, encoding: "utf8" }).split(
      "\n",
    );
    expect(lines[0]).toBe("[ 'chain/burr', 'chain/burr-assembly', 'chain/stacking' ]");
    expect(lines[1]).toMatch(/^\d+ true parse false \d+ \d+ \S+ scbench\/shikaku$/);
  }, 300_000);
});
