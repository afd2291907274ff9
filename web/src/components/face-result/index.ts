export { EmotionBars } from './emotion-bars';
export { FaceCard } from './face-card';
export { FaceDebug, type FaceDebugFacts } from './face-debug';
export { FacePhoto } from './face-photo';
export { EMOTION_COLORS } from './emotion-colors';
export { mainEmotions } from './main-emotions';
export { EmotionTimeline } from './emotion-timeline';
export { timelineSeries } from './timeline-series';
