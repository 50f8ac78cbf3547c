/** A labelled select of plain values; "" reads "all" (no filter). */
export function Select({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId?: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
}) {
  return (
    <label>
      {label}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o === "" ? "all" : o}
          </option>
        ))}
      </select>
    </label>
  );
}
