export { CurrentPatientPicker } from './current-patient-picker';
export { useCurrentPatient, type CurrentPatient } from './use-current-patient';
export { readHandoff, useHandoff, type PatientHandoff } from './handoff';
export { todayVisitOf } from './today-visit';
export { NextStepOffer } from './next-step-offer';
export { VisitSavedOffer } from './visit-saved-offer';
export { usePatientName } from './use-patient-name';
