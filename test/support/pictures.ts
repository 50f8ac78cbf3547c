import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let dir: string | undefined;

/** Writes a picture a test made to a fresh temporary folder (one per test process), for a person to look at; returns its path. */
export function writePicture(name: string, bytes: Uint8Array): string {
  dir ??= mkdtempSync(join(tmpdir(), "plumb-pictures-"));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
