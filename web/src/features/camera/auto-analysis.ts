import { mainEmotions } from '../../components/face-result';
import { analyzeFaces } from '../../face';
import { jaFace } from '../../i18n/ja-face';
import { saveFaceAnalysis } from '../../face/save-analysis';

type Feedback = { info(text: string): void; warning(text: string): void };

/**
 * Settings 自動分析: a photo just kept on the device is analysed in the worker and its result saved with
 * it, so the preview shows it. Failing here never touches the photo, which is already safe.
 */
export async function analyzeCapturedPhoto(
  photo: { mediaId: string; blob: Blob; customerId: string; visitId: string | null },
  feedback: Feedback,
): Promise<void> {
  try {
    const { faces, processingTime } = await analyzeFaces(photo.blob);
    await saveFaceAnalysis({
      customerId: photo.customerId,
      visitId: photo.visitId,
      mediaId: photo.mediaId,
      source: 'photo',
      faces,
      frames: null,
      processingTime,
    });
    if (faces.length === 0) feedback.warning(jaFace.noFace);
    else feedback.info(`${jaFace.chart.title}：${mainEmotions(faces)}`);
  } catch {
    feedback.warning(jaFace.analysisError(jaFace.analysisFailed));
  }
}
