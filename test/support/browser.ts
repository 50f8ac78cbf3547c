/**
 * The browser tests' world: Debian's Chromium driven by playwright-core, and the viewer's web app as
 * built from the sources now (dist/web when it is current, else a fresh build in a temporary folder,
 * so a stale dist/ never hides a change and a rebuild never races another test reading dist/).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { sourceHash } from "../../scripts/source-hash.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CHROMIUM = process.env.PLUMB_CHROMIUM ?? "/usr/bin/chromium";

/**
 * Chromium as the machine's tests run it: headless, as root (no sandbox), software WebGL for the 3D
 * views, and none of its background connections (this machine has no network to give them).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: the browser tests drive Debian's chromium (apt-get install chromium), or set PLUMB_CHROMIUM`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

let built: Promise<string> | undefined;

/** The folder of the web app built from the current sources. */
export function webRoot(): Promise<string> {
  built ??= (async () => {
    const dist = join(ROOT, "dist", "web");
    const stamp = join(ROOT, "dist", "SOURCE-HASH");
    if (existsSync(join(dist, "index.html")) && existsSync(stamp)) {
      if (readFileSync(stamp, "utf8").trim() === sourceHash()) return dist;
    }
    const out = mkdtempSync(join(tmpdir(), "plumb-web-"));
    const { build } = await import("vite");
    await build({
      configFile: join(ROOT, "web", "vite.config.ts"),
      build: { outDir: out, emptyOutDir: true },
    });
    return out;
  })();
  return built;
}

/** Errors the page reported (uncaught exceptions and console errors): a test expects none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}
