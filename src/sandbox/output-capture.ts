/** Bytes kept from the end of a stream past the cap, so the last line (where `True` goes) is never lost. */
const TAIL_BYTES = 4096;

/** Keeps the first `limit` bytes of a stream and its last few KiB; everything in between is counted and dropped. */
export class OutputCapture {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer = Buffer.alloc(0);
  private total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.headBytes < this.limit) {
      const part = chunk.subarray(0, this.limit - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
  }

  get truncated(): boolean {
    return this.total > this.limit;
  }

  /** The whole text when it fit, else the head, a note of how much was dropped, and the tail. */
  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    if (!this.truncated) return head;
    const after = Math.min(this.tail.length, this.total - this.limit);
    const dropped = this.total - this.limit - after;
    const end = this.tail.subarray(this.tail.length - after).toString("utf8");
    return `${head}\n[... ${dropped} bytes dropped ...]\n${end}`;
  }

  /** The last line that is not blank, trimmed, or "" when there is none. */
  lastLine(): string {
    const source = this.truncated ? this.tail.toString("utf8") : Buffer.concat(this.head).toString("utf8");
    const lines = source.split("\n");
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = (lines[i] as string).trim();
      if (line !== "") return line;
    }
    return "";
  }
}
