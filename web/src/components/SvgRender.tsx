import { useMemo } from "react";
import type { RenderingJson } from "../../../src/view/api.ts";

/**
 * The SVG markup without scripts, foreign objects, event handlers or javascript: links. Renders come
 * from Plumb's own renderers on the server, not from models; this is defence in depth.
 */
export function sanitizeSvg(markup: string): string {
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length > 0) return "";
  for (const el of [...root.querySelectorAll("script, foreignObject")]) el.remove();
  for (const el of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith("on")) el.removeAttribute(attr.name);
      else if (
        (name === "href" || name === "xlink:href") &&
        !value.startsWith("#") &&
        !value.startsWith("data:image/")
      )
        el.removeAttribute(attr.name);
    }
  }
  return new XMLSerializer().serializeToString(root);
}

/** A task's render, scaled to the container's width. */
export function SvgRender({
  rendering,
  testId,
  title,
}: {
  rendering: RenderingJson;
  testId?: string;
  title?: string;
}) {
  const markup = useMemo(() => sanitizeSvg(rendering.svg), [rendering.svg]);
  return (
    <figure className="render">
      {title !== undefined && <figcaption>{title}</figcaption>}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised SVG from Plumb's own renderers */}
      <div className="svg" data-testid={testId} dangerouslySetInnerHTML={{ __html: markup }} />
    </figure>
  );
}
