/**
 * The code of the logged-in shell and of each screen, loaded on demand. One place for the imports, so
 * the routes render them lazily and warmRoute can start loading them before React asks.
 */
export const screens = {
  layout: () => import('./layout/app-layout'),
  frame: () => import('./page-frame'),
  dashboard: () => import('../features/dashboard/dashboard-page'),
  customers: () => import('../features/customers/customers-page'),
  customerChart: () => import('../features/customer-chart/customer-chart-page'),
  visits: () => import('../features/visits/visits-page'),
  surveys: () => import('../features/surveys/surveys-page'),
  diagnosis: () => import('../features/diagnosis/diagnosis-page'),
  diagnosisV2: () => import('../features/diagnosis/diagnosis-v2-page'),
  camera: () => import('../features/camera/camera-page'),
  faceAnalysis: () => import('../features/face-analysis/face-analysis-page'),
  settings: () => import('../features/settings/settings-page'),
  userManagement: () => import('../features/user-management/user-management-page'),
  placeholder: () => import('../features/placeholder/placeholder-page'),
};
