import { InputError } from "../../../core/errors.ts";

export interface CsvRecord {
  fields: string[];
  /** 1-based line where the record starts. */
  line: number;
}

/**
 * Reads RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a quoted field may hold
 * commas, line breaks and doubled quotes (""). Errors name the line where the problem is.
 */
export function parseCsv(text: string, source?: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = "";
  let line = 1;
  let start = 1;
  let i = 0;
  const fail = (reason: string, at: number) => new InputError(reason, { line: at, source });
  const endField = () => {
    record.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    records.push({ fields: record, line: start });
    record = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === "") {
      const opened = line;
      i++;
      for (;;) {
        if (i >= text.length) throw fail("a quoted field is never closed", opened);
        const q = text[i];
        if (q === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (q === '"') {
          i++;
          break;
        } else {
          if (q === "\n") line++;
          field += q;
          i++;
        }
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        throw fail("text after the closing quote of a field", line);
      }
    } else if (c === ",") {
      endField();
      i++;
    } else if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      start = line;
    } else if (c === '"') {
      throw fail("a quote inside an unquoted field", line);
    } else {
      field += c;
      i++;
    }
  }
  if (field !== "" || record.length > 0) endRecord();
  return records;
}

/** Rows keyed by the header, with the line each starts on; every row must have as many fields as the header. */
export function csvObjects(
  text: string,
  source?: string,
): { values: Record<string, string>; line: number }[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ""), source);
  const header = rows[0]?.fields;
  if (!header) throw new InputError("the CSV file is empty", { source });
  return rows.slice(1).map(({ fields, line }) => {
    if (fields.length !== header.length) {
      throw new InputError(`expected ${header.length} fields, got ${fields.length}`, { line, source });
    }
    return { values: Object.fromEntries(header.map((name, j) => [name, fields[j] ?? ""])), line };
  });
}
