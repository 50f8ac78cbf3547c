/** Submit the answer, or give up on the instance (what was submitted last is stored). */
export function SubmitButtons({ disabled, send }: { disabled: boolean; send(giveUp: boolean): void }) {
  return (
    <>
      <button
        type="button"
        className="primary"
        data-testid="play-submit"
        disabled={disabled}
        onClick={() => send(false)}
      >
        Submit
      </button>
      <button type="button" disabled={disabled} onClick={() => send(true)}>
        Give up
      </button>
    </>
  );
}
