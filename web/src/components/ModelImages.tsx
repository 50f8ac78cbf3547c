import type { ImageJson } from "../../../src/view/api.ts";

/** Images a model was given (data: URLs from the server), each captioned with its alt text. */
export function ModelImages({
  images,
  testId,
  note,
}: {
  images: readonly ImageJson[];
  testId: string;
  note?: string | null;
}) {
  return (
    <>
      {images.length > 0 && (
        <div className="renders">
          {images.map((image, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: images are positional
            <figure key={i}>
              <img
                data-testid={testId}
                src={image.dataUrl}
                alt={image.alt}
                className="svg"
                style={{ display: "block", maxWidth: "100%", height: "auto" }}
              />
              <figcaption className="muted">{image.alt}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {note && <p className="muted">{note}</p>}
    </>
  );
}
