import type { Migration } from 'kysely';
import * as auth from './2026-11-22T0100-auth';
import * as sync from './2026-11-22T0200-sync';
import * as loginFailures from './2026-11-23T0100-login-failures';
import * as customerBirthDate from './2026-11-24T0100-customer-birth-date';
import * as visitsSurveys from './2026-11-25T0100-visits-surveys';
import * as diagnoses from './2026-11-26T0100-diagnoses';
import * as media from './2026-11-27T0100-media';
import * as faceAnalyses from './2026-11-28T0100-face-analyses';
import * as deviceLogs from './2026-11-29T0100-device-logs';
import * as operationLogs from './2026-11-29T0200-operation-logs';
import * as syncEpochs from './2026-11-30T0300-sync-epochs';
import * as counterSequences from './2026-12-01T0100-counter-sequences';
import * as deviceNames from './2026-12-02T0100-device-names';
import * as deviceKeys from './2026-12-03T0100-device-keys';
import * as auditDelivery from './2026-12-03T0200-audit-delivery';
import * as credentialVersion from './2026-12-04T0100-credential-version';
import * as deviceCredentials from './2026-12-04T0200-device-credentials';
import * as displayName from './2026-12-05T0100-display-name';
import * as sharedCounters from './2026-12-05T0200-shared-counters';
import * as appointments from './2026-12-05T0300-appointments';
import * as userTreats from './2026-12-05T0301-user-treats';

/**
 * Every migration, by its frozen name. Kysely runs them in name order, so names are timestamps.
 * A static map (not FileMigrationProvider) works the same under tsx, vitest and a bundle.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0100-auth': auth,
  '2026-11-22T0200-sync': sync,
  '2026-11-23T0100-login-failures': loginFailures,
  '2026-11-24T0100-customer-birth-date': customerBirthDate,
  '2026-11-25T0100-visits-surveys': visitsSurveys,
  '2026-11-26T0100-diagnoses': diagnoses,
  '2026-11-27T0100-media': media,
  '2026-11-28T0100-face-analyses': faceAnalyses,
  '2026-11-29T0100-device-logs': deviceLogs,
  '2026-11-29T0200-operation-logs': operationLogs,
  '2026-11-30T0300-sync-epochs': syncEpochs,
  '2026-12-01T0100-counter-sequences': counterSequences,
  '2026-12-02T0100-device-names': deviceNames,
  '2026-12-03T0100-device-keys': deviceKeys,
  '2026-12-03T0200-audit-delivery': auditDelivery,
  '2026-12-04T0100-credential-version': credentialVersion,
  '2026-12-04T0200-device-credentials': deviceCredentials,
  '2026-12-05T0100-display-name': displayName,
  '2026-12-05T0200-shared-counters': sharedCounters,
  '2026-12-05T0300-appointments': appointments,
  '2026-12-05T0301-user-treats': userTreats,
};
