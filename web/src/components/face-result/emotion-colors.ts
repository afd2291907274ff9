import type { EmotionType } from '@clinic/sync-protocol/face';

/** One colour per emotion, the same in the bars and the video timeline (each reads at 3:1 on white). */
export const EMOTION_COLORS: Record<EmotionType, string> = {
  HAPPY: '#d48806',
  SAD: '#1d39c4',
  ANGRY: '#cf1322',
  SURPRISED: '#c41d7f',
  DISGUSTED: '#389e0d',
  FEAR: '#531dab',
  CONFUSED: '#595959',
  CALM: '#08979c',
};
