import type { BoundingBox } from '@clinic/sync-protocol/face';
import { useState } from 'react';
import { jaFace } from '../../i18n/ja-face';
import './face-result.css';

const t = jaFace;
const share = (value: number) => `${Math.max(0, Math.min(100, value * 100))}%`;

/** The analysed photo with a numbered frame over each face found (boxes are shares of the picture). */
export function FacePhoto({
  src,
  boxes,
  alt = t.photoAlt,
}: {
  src: string;
  boxes: (BoundingBox | null)[];
  alt?: string;
}) {
  // The frame takes the photo's exact shape, at most 60 % of the screen's height, so the boxes (shares of
  // the frame) sit on the faces whatever the photo's size.
  const [aspect, setAspect] = useState<number | null>(null);
  return (
    <figure className="face-photo">
      <div className="face-photo-frame" style={aspect ? { maxWidth: `calc(60vh * ${aspect})` } : undefined}>
        <img
          src={src}
          alt={alt}
          onLoad={(event) => setAspect(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight || null)}
        />
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
