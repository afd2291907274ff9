import { ja } from '../../i18n/ja';
import { faceAnalysisMutators } from '../mutators/face-analysis';
import { customerLabelOf } from './customer-name';
import { capturedLabel } from './media';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.faceAnalyses;

export const faceAnalysisEntity: WebEntity<'faceAnalyses'> = {
  mutators: faceAnalysisMutators,
  recordName: async (db, analysis) =>
    t.record(
      ja.entities.customers.record(await customerLabelOf(db, analysis.customerId)),
      capturedLabel(analysis.analysedAt),
    ),
  nameInArgs: (args) => t.record(null, capturedLabel(stringAt(args, 'analysedAt'))),
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  // Nothing of an analysis is edited after it is made.
  fieldLabels: {},
  formatValue: () => null,
  retry: { 'faceAnalysis.create': 'as-new' },
  keepsTombstones: false,
};
