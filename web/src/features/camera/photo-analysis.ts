import type { LocalMedia } from '../../data/clinic-db';
import { analyzeFaces } from '../../face';
import { saveFaceAnalysis } from '../../face/save-analysis';
import { readMediaBlob } from '../../media/media-file';

/**
 * 表情分析 of one photo, when the person asks for it in its preview: most treatment photos show a
 * shoulder or a back, so nothing is analysed (or warned about) unasked. The result is kept with the
 * photo, so the preview shows it, a face or none, as a plain result.
 */
export async function analyzeStoredPhoto(media: LocalMedia): Promise<void> {
  const blob = await readMediaBlob(media.id);
  const { faces, processingTime } = await analyzeFaces(blob);
  await saveFaceAnalysis({
    customerId: media.customerId,
    visitId: media.visitId,
    mediaId: media.id,
    source: 'photo',
    // The score the camera measured as it took the photo (null for one taken before scores, or imported).
    quality: media.quality,
    faces,
    frames: null,
    processingTime,
  });
}
