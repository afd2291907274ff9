import { APPOINTMENT_AUDIT_NAME } from '../appointments/appointment.mutators';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_AUDIT_NAME } from '../customers/customer.mutators';
import { DIAGNOSIS_AUDIT_NAME } from '../diagnosis/diagnosis.mutators';
import { PAIN_MARKER_AUDIT_NAME } from '../diagnosis/pain-marker.mutators';
import { FACE_ANALYSIS_AUDIT_NAME } from '../face-analysis/face-analysis.mutators';
import { MEDIA_AUDIT_NAME } from '../media/media.mutators';
import { SURVEY_AUDIT_NAME } from '../surveys/survey.mutators';
import { VISIT_AUDIT_NAME } from '../visits/visit.mutators';
import { CUSTOMER_ENTITY, CUSTOMER_OWNED, PAIN_MARKER_ENTITY } from './patient-records';

describe('patient records', () => {
  it('use the audit names the domains write', () => {
    expect(CUSTOMER_ENTITY).toBe(CUSTOMER_AUDIT_NAME);
    expect(PAIN_MARKER_ENTITY).toBe(PAIN_MARKER_AUDIT_NAME);
    expect(Object.keys(CUSTOMER_OWNED).sort()).toEqual(
      [
        VISIT_AUDIT_NAME,
        SURVEY_AUDIT_NAME,
        DIAGNOSIS_AUDIT_NAME,
        MEDIA_AUDIT_NAME,
        FACE_ANALYSIS_AUDIT_NAME,
        APPOINTMENT_AUDIT_NAME,
      ].sort(),
    );
  });
});
