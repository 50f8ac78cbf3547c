import { InputError } from "../errors.ts";

/** Text that is not a Python literal `ast.literal_eval` would accept (or uses a form this parser rejects). */
export class PythonLiteralError extends InputError {
  /** 1-based, counted in the text after `\r\n` and `\r` became `\n`. */
  readonly lineNumber: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;

  constructor(problem: string, text: string, offset: number) {
    const before = text.slice(0, offset);
    let lineNumber = 1;
    let lineStart = 0;
    for (let nl = before.indexOf("\n"); nl >= 0; nl = before.indexOf("\n", nl + 1)) {
      lineNumber++;
      lineStart = nl + 1;
    }
    const column = offset - lineStart + 1;
    super(`invalid Python literal at line ${lineNumber}, column ${column}: ${problem}`);
    this.name = "PythonLiteralError";
    this.lineNumber = lineNumber;
    this.column = column;
  }
}
