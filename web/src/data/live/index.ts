export {
  customerCache,
  countCustomers,
  reloadCustomers,
  useCustomers,
  useCustomerCacheSnapshot,
  useCustomerSearch,
  compareEntries,
  type CustomerEntry,
  type CustomerSnapshot,
} from './customers';
export {
  type VisitView,
  type VisitFilter,
  compareVisits,
  queryVisits,
  queryCustomerVisits,
  useVisitList,
  useCustomerVisits,
  visitTotals,
  usedMenus,
  lastPriceOf,
  useUsedMenus,
  withCustomerNames,
  customersById,
} from './visits';
export { queryCustomerSurveys, useCustomerSurveys, compareSurveys } from './surveys';
export { type CustomerRecordCounts, countCustomerRecords, useCustomerRecordCounts } from './customer-records';
export {
  compareDiagnoses,
  queryLatestDiagnoses,
  queryCustomerDiagnoses,
  queryMarkers,
  queryMarkerSets,
  type MarkerSet,
  countDiagnoses,
  useCustomerDiagnoses,
  useMarkers,
} from './diagnoses';
export {
  type DiagnosisWithMarkers,
  queryCustomerPainHistory,
  useCustomerPainHistory,
  toPainRecords,
} from './pain-history';
export {
  queryCustomerMedia,
  queryDeviceCaptures,
  countWaitingUploads,
  useCustomerMedia,
  useDeviceCaptures,
  useWaitingUploadCount,
} from './media';
export {
  countFaceAnalyses,
  queryCustomerFaceAnalyses,
  queryMediaFaceAnalysis,
  useCustomerFaceAnalyses,
  useMediaFaceAnalysis,
} from './face-analyses';
export {
  type AppointmentView,
  queryDayAppointments,
  queryCustomerAppointments,
  useDayAppointments,
  useCustomerAppointments,
  queryUsualMinutes,
  useUsualMinutes,
} from './appointments';
