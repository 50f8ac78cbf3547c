#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (JavaScript and .d.ts), copies the data files tasks read
// next to their modules (original instances, sandbox scripts) and bundles the viewer (web/) into dist/web.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { ROOT as root, sourceHash } from "./source-hash.js";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// Taken before compiling: a source edited during the build leaves dist/ marked stale.
const hash = sourceHash();
rmSync(join(root, "dist"), { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
} catch {
  process.exit(1);
}

const CODE = new Set([".ts"]);
for (const entry of readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || CODE.has(extname(entry.name))) continue;
  const from = join(entry.parentPath, entry.name);
  cpSync(from, join(root, "dist", from.slice(join(root, "src").length)));
}
const { build } = await import("vite");
await build({ configFile: join(root, "web", "vite.config.ts") });
writeFileSync(join(root, "dist", "SOURCE-HASH"), `${hash}\n`);
