import { describe, expect, it } from "vitest";
import { csvObjects, parseCsv } from "./csv.ts";

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe("parseCsv (RFC 4180)", () => {
  it("reads plain fields, CRLF and LF, and a last line without a break", () => {
    expect(fields("a,b\r\nc,d\ne,")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", ""],
    ]);
  });

  it("reads quoted fields with commas, line breaks and doubled quotes", () => {
    expect(fields('"x, y","say ""hi""\nthere",""\n')).toEqual([["x, y", 'say "hi"\nthere', ""]]);
  });

  it("gives each record the line it starts on", () => {
    expect(parseCsv('h\n"a\nb"\nc\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("names the line of an unclosed quote, a stray quote and text after a closing quote", () => {
    expect(() => parseCsv('a\nb\n"open\n')).toThrow(/line 3: a quoted field is never closed/);
    expect(() => parseCsv('a\nb"c\n')).toThrow(/line 2: a quote inside an unquoted field/);
    expect(() => parseCsv('a\n"b"c\n')).toThrow(/line 2: text after the closing quote/);
  });
});

describe("csvObjects", () => {
  it("keys rows by the header and names the line of a short row", () => {
    expect(csvObjects("\uFEFFk,v\n1,2\n")).toEqual([{ values: { k: "1", v: "2" }, line: 2 }]);
    expect(() => csvObjects('k,v\n"1\n2",3\n4\n', "f.csv")).toThrow(
      /f\.csv line 4: expected 2 fields, got 1/,
    );
  });
});
