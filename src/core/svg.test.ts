import { describe, expect, it } from "vitest";
import { escapeXml } from "./svg.ts";

describe("escapeXml", () => {
  it("escapes markup and both quotes, so text is safe in content and in either kind of attribute", () => {
    expect(escapeXml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
    expect(escapeXml("plain 12 × 3")).toBe("plain 12 × 3");
  });
});
