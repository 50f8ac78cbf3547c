// The hash of what `npm run build` compiles: every file under src/ and web/ (by path and content)
// and the build's tsconfigs. The build writes it to dist/SOURCE-HASH, so a stale dist/ can be told apart.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function sourceHash() {
  const hash = createHash("sha256");
  const files = ["src", "web"]
    .flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .concat(join(ROOT, "tsconfig.build.json"), join(ROOT, "tsconfig.json"))
    .sort();
  for (const file of files)
    hash
      .update(`${relative(ROOT, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex");
}
