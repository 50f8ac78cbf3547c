import { readFile, stat } from "node:fs/promises";
import { extname, join, posix, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The web app as `npm run build` leaves it, beside src/ and dist/ alike. */
const BUILT_WEB_ROOT = fileURLToPath(new URL("../../dist/web/", import.meta.url));

/** The web app `plumb view` serves and `plumb report --format html` inlines: PLUMB_WEB_ROOT names another build. */
export function defaultWebRoot(): string {
  return process.env.PLUMB_WEB_ROOT || BUILT_WEB_ROOT;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** The app page's policy: nothing from any other origin, no plugins, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export interface StaticFile {
  body: Buffer;
  type: string;
}

/**
 * The file of the web app a (decoded) URL path names, kept inside `root` whatever the path holds
 * (`..`, encoded or not, backslashes, NUL); a path naming no file gives the app's index.html, whose
 * hash routes do the rest. Null when even index.html is missing (the app was not built).
 */
export async function staticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const base = resolve(root);
  const clean = posix.normalize(`/${urlPath.replaceAll("\\", "/").replaceAll("\0", "")}`);
  const file = resolve(join(base, clean));
  const inside = file === base || file.startsWith(base + sep);
  if (inside && file !== base) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return { body: await readFile(file), type: contentType(file) };
  }
  const index = join(base, "index.html");
  const body = await readFile(index).catch(() => null);
  return body && { body, type: contentType(index) };
}
