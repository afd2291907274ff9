/**
 * The code of the logged-in shell and of each screen, loaded on demand. One place for the imports, so
 * the routes render them lazily and warmRoute can start loading them before React asks.
 */
import type { ComponentType } from 'react';
import type { PageKey } from '../i18n/ja';
import { loadOnce } from './lazy-screen';

/** Every page of the menu has its screen (a screen takes no props); the shell's parts take theirs. */
type Screens = Record<PageKey, () => Promise<{ default: ComponentType }>> &
  Record<'layout' | 'frame' | 'customerChart', () => Promise<unknown>>;

export const screens = {
  layout: loadOnce(() => import('./layout/app-layout')),
  frame: loadOnce(() => import('./page-frame')),
  dashboard: loadOnce(() => import('../features/dashboard/dashboard-page')),
  appointments: loadOnce(() => import('../features/appointments/appointments-page')),
  customers: loadOnce(() => import('../features/customers/customers-page')),
  customerChart: loadOnce(() => import('./customer-chart-screen')),
  visits: loadOnce(() => import('../features/visits/visits-page')),
  surveys: loadOnce(() => import('../features/surveys/surveys-page')),
  diagnosis: loadOnce(() => import('../features/diagnosis/diagnosis-page')),
  diagnosisV2: loadOnce(() => import('../features/diagnosis/diagnosis-v2-page')),
  camera: loadOnce(() => import('../features/camera/camera-page')),
  faceAnalysis: loadOnce(() => import('../features/face-analysis/face-analysis-page')),
  settings: loadOnce(() => import('../features/settings/settings-page')),
  userManagement: loadOnce(() => import('../features/user-management/user-management-page')),
  androidLogs: loadOnce(() => import('../features/android-logs/android-logs-page')),
  pwaOperationsLog: loadOnce(() => import('../features/operation-logs/operation-logs-page')),
  auditLog: loadOnce(() => import('../features/audit-log/audit-log-page')),
} satisfies Screens;
