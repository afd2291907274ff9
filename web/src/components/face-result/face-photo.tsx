import type { BoundingBox } from '@clinic/sync-protocol/face';
import { jaFace } from '../../i18n/ja-face';

const t = jaFace;
const share = (value: number) => `${Math.max(0, Math.min(100, value * 100))}%`;

/** The analysed photo with a numbered frame over each face found (boxes are shares of the picture). */
export function FacePhoto({ src, boxes, alt = t.photoAlt }: { src: string; boxes: (BoundingBox | null)[]; alt?: string }) {
  return (
    <figure className="face-photo">
      <div className="face-photo-frame">
        <img src={src} alt={alt} />
        {boxes.map((box, i) =>
          box ? (
            <div
              // The boxes follow the faces' order in the results; they never move.
              key={i}
              className="face-box"
              role="img"
              aria-label={t.boxLabel(i + 1)}
              style={{ left: share(box.left), top: share(box.top), width: share(box.width), height: share(box.height) }}
            >
              <span className="face-box-label" aria-hidden="true">
                {i + 1}
              </span>
            </div>
          ) : null,
        )}
      </div>
    </figure>
  );
}
