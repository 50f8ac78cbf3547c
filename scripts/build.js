#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (JavaScript and .d.ts) and copies the data files tasks read
// next to their modules (original instances, sandbox scripts).
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
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
