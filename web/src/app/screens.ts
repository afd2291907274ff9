/**
 * The code of the logged-in shell and of each screen, loaded on demand. One place for the imports, so
 * the routes render them lazily and warmRoute can start loading them before React asks.
 */
import type { ComponentType } from 'react';
import type { PageKey } from '../i18n/ja';

/** Every page of the menu has its screen (a screen takes no props); the shell's parts take theirs. */
type Screens = Record<PageKey, () => Promise<{ default: ComponentType }>> &
  Record<'layout' | 'frame' | 'customerChart', () => Promise<unknown>>;

export const screens = {
  layout: () => import('./layout/app-layout'),
  frame: () => import('./page-frame'),
  dashboard: () => import('../features/dashboard/dashboard-page'),
  customers: () => import('../features/customers/customers-page'),
  customerChart: () => import('./customer-chart-screen'),
  visits: () => import('../features/visits/visits-page'),
  surveys: () => import('../features/surveys/surveys-page'),
  diagnosis: () => import('../features/diagnosis/diagnosis-page'),
  diagnosisV2: () => import('../features/diagnosis/diagnosis-v2-page'),
  camera: () => import('../features/camera/camera-page'),
  faceAnalysis: () => import('../features/face-analysis/face-analysis-page'),
  settings: () => import('../features/settings/settings-page'),
  userManagement: () => import('../features/user-management/user-management-page'),
  androidLogs: () => import('../features/android-logs/android-logs-page'),
  pwaOperationsLog: () => import('../features/operation-logs/operation-logs-page'),
  auditLog: () => import('../features/audit-log/audit-log-page'),
} satisfies Screens;
