import { useEffect, useState } from "react";

/** The app's pages, read from the location hash (see the hash routes agreed in common.md). */
export type Route =
  | { page: "runs" }
  | { page: "run"; run: string }
  | { page: "sample"; run: string; key: string }
  | { page: "episode"; run: string; key: string }
  | { page: "compare"; a: string; b: string }
  | { page: "play" }
  | { page: "missing"; hash: string };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, "");
  const [pathPart = "", queryPart = ""] = raw.split("?", 2);
  const parts = pathPart.split("/").filter((p) => p !== "");
  const query = new URLSearchParams(queryPart);
  const names = parts.map(decode);
  if (names.some((n) => n === null)) return { page: "missing", hash: raw };
  const [first, run, third, key, fifth, ...rest] = names as string[];
  if (first === undefined) return { page: "runs" };
  if (first === "play") return { page: "play" };
  if (first === "compare" && run === undefined)
    return { page: "compare", a: query.get("a") ?? "", b: query.get("b") ?? "" };
  if (first === "runs" && run !== undefined) {
    if (third === undefined) return { page: "run", run };
    if (third === "samples" && key !== undefined && rest.length === 0) {
      if (fifth === undefined) return { page: "sample", run, key };
      if (fifth === "episode") return { page: "episode", run, key };
    }
  }
  return { page: "missing", hash: raw };
}

const enc = encodeURIComponent;

export const href = {
  runs: () => "#/",
  run: (run: string) => `#/runs/${enc(run)}`,
  sample: (run: string, key: string) => `#/runs/${enc(run)}/samples/${enc(key)}`,
  episode: (run: string, key: string) => `#/runs/${enc(run)}/samples/${enc(key)}/episode`,
  compare: (a: string, b: string) => `#/compare?${new URLSearchParams({ a, b }).toString()}`,
  play: () => "#/play",
};

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}
