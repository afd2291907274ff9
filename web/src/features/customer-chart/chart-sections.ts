import type { ComponentType } from 'react';
import { AppointmentsSection } from './appointments-section';
import type { ChartSectionProps } from './chart-section';
import { DiagnosesSection } from './pain-history/diagnoses-section';
import { FaceSection } from './face-section';
import { MediaSection } from './media-section';
import { SurveysSection } from './surveys-section';
import { VisitsSection } from './visits-section';

/** The chart's cards, top to bottom. A new kind of record is one component here; each reads its own data. */
export const CHART_SECTIONS: readonly { key: string; Section: ComponentType<ChartSectionProps> }[] = [
  { key: 'appointments', Section: AppointmentsSection },
  { key: 'visits', Section: VisitsSection },
  { key: 'surveys', Section: SurveysSection },
  { key: 'diagnoses', Section: DiagnosesSection },
  { key: 'media', Section: MediaSection },
  { key: 'faceAnalyses', Section: FaceSection },
];
