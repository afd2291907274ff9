import { type FaceView, readFace } from '@clinic/sync-protocol/face';
import type { Face } from '@clinic/sync-protocol/face';
import { jaFace } from '../../i18n/ja-face';

/** 喜び 96%・穏やか 3%: a record's first face's strongest emotions, for lists; 顔なし without a face. */
export function mainEmotions(faces: readonly Face[], count = 2): string {
  const first: FaceView | undefined = faces[0] ? readFace(faces[0]) : undefined;
  if (!first || first.emotions.length === 0) return jaFace.historyDialog.noFace;
  return first.emotions
    .slice(0, count)
    .map(({ type, share }) => `${jaFace.emotions[type]} ${Math.round(share * 100)}%`)
    .join('・');
}
