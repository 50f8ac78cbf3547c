/**
 * Python's `str.isspace` on one UTF-16 unit, which `str.strip()` and the `\s` of `re` use. JavaScript
 * differs: its `trim` and `\s` take U+FEFF and leave U+001C–U+001F and U+0085.
 */
export function isPySpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `str.strip()`, by hand from both ends (a `\s+$` regex retries at every position: quadratic). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPySpace(text.charCodeAt(start))) start++;
  while (end > start && isPySpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}
