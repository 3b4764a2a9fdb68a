/**
 * The catalogue's redaction presets (core REDACTION_PRESETS, auto by default) as sets of
 * detectors. The sets follow what each regime names as personal data: HIPAA's Safe Harbor identifiers
 * (names, addresses, every date, phone, email, SSN, MRN, plan and account numbers, licences, URLs,
 * IPs); FERPA's education records (student ids); GLBA's non-public financial data; CCPA's and GDPR's
 * identifiers (online ones too); FOIA's personal-privacy exemption. `manual` detects nothing by
 * itself: only the user's RedactionTerms. Terms may be added to any preset.
 */
import { DEFAULT_REDACTION_PRESET, REDACTION_PRESETS, type RedactionPreset } from '@docstudio/core';
import type { DetectorId } from './detectors';

export { DEFAULT_REDACTION_PRESET, type RedactionPreset };

/** The catalogue's preset values, in its order. */
export const REDACTION_PRESET_NAMES: readonly RedactionPreset[] = REDACTION_PRESETS.map(
  (choice) => choice.value,
);

const CONTACT: DetectorId[] = ['personName', 'email', 'phone', 'postalAddress'];

export const PRESET_DETECTORS: Record<RedactionPreset, readonly DetectorId[]> = {
  auto: [
    ...CONTACT,
    'ssn',
    'nationalId',
    'creditCard',
    'iban',
    'dateOfBirth',
    'medicalRecordNumber',
    'healthPlanNumber',
    'accountNumber',
    'studentId',
    'licenseNumber',
    'passportNumber',
    'ipAddress',
  ],
  gdpr: [
    ...CONTACT,
    'ssn',
    'nationalId',
    'creditCard',
    'iban',
    'accountNumber',
    'dateOfBirth',
    'passportNumber',
    'licenseNumber',
    'ipAddress',
    'medicalRecordNumber',
  ],
  hipaa: [
    ...CONTACT,
    'ssn',
    // Safe Harbor's 'account numbers' include payment cards and bank accounts
    'creditCard',
    'iban',
    'dateOfBirth',
    'date',
    'medicalRecordNumber',
    'healthPlanNumber',
    'accountNumber',
    'licenseNumber',
    'ipAddress',
    'url',
  ],
  ferpa: [...CONTACT, 'studentId', 'ssn', 'dateOfBirth'],
  foia: [
    ...CONTACT,
    'ssn',
    'nationalId',
    'dateOfBirth',
    'medicalRecordNumber',
    'passportNumber',
    'licenseNumber',
  ],
  glba: [...CONTACT, 'ssn', 'creditCard', 'iban', 'accountNumber', 'dateOfBirth'],
  ccpa: [
    ...CONTACT,
    'ssn',
    'creditCard',
    'iban',
    'accountNumber',
    'dateOfBirth',
    'licenseNumber',
    'passportNumber',
    'ipAddress',
  ],
  manual: [],
};

export function parseRedactionPreset(value: string | undefined): RedactionPreset | null {
  if (value === undefined || value.trim() === '') return DEFAULT_REDACTION_PRESET;
  const preset = value.trim().toLowerCase();
  return REDACTION_PRESET_NAMES.find((name) => name === preset) ?? null;
}
