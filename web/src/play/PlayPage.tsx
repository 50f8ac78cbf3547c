/** Play mode: a person solves tasks; results are stored as runs of the `human` model. */
export default function PlayPage() {
  return <p>Play</p>;
}
