/**
 * PII detectors over plain page text. Each returns character spans of the sensitive value only (the
 * label 'Name:' or 'MRN' stays readable, so the reader knows what was removed). Patterns are written
 * to stay linear on long text: no nested unbounded repetition, bounded quantifiers everywhere.
 */
import { passesIbanMod97, passesLuhn } from './checksums';

export interface TextSpan {
  start: number;
  end: number;
}

export type DetectorId =
  | 'email'
  | 'phone'
  | 'ssn'
  | 'nationalId'
  | 'creditCard'
  | 'iban'
  | 'dateOfBirth'
  | 'date'
  | 'postalAddress'
  | 'personName'
  | 'medicalRecordNumber'
  | 'healthPlanNumber'
  | 'accountNumber'
  | 'studentId'
  | 'licenseNumber'
  | 'passportNumber'
  | 'ipAddress'
  | 'url';

type Detector = (text: string) => TextSpan[];

function matches(text: string, pattern: RegExp, group = 0, accept?: (value: string) => boolean): TextSpan[] {
  const spans: TextSpan[] = [];
  // 'd' gives each group's exact offsets
  const withIndices = pattern.flags.includes('d') ? pattern : new RegExp(pattern.source, `${pattern.flags}d`);
  for (const match of text.matchAll(withIndices)) {
    const value = match[group];
    const range = match.indices?.[group];
    if (value === undefined || !range) continue;
    if (accept && !accept(value)) continue;
    spans.push({ start: range[0], end: range[1] });
  }
  return spans;
}

/**
 * A value after a label on the same line: 'MRN: 00123-45', 'Account No. 4411-22'. Labels with a
 * number word ('Account Number') or an acronym ('MRN') may be followed by the value directly;
 * `loose` labels that are ordinary words ('Account', 'Policy') need a ':' or '#' after them, so
 * 'the account for 2024' stays.
 */
const NUMBER_WORD = String.raw`(?:Number|No\.?|ID|#)`;
const labelled = (strict: string, loose = '', value = String.raw`[A-Z0-9][A-Z0-9\-/]{2,30}`): RegExp => {
  const withNumber = String.raw`(?:${strict})[ \t]*[:#.\-]?`;
  const plain = loose ? String.raw`|(?:${loose})[ \t]*[:#]` : '';
  return new RegExp(String.raw`\b(?:${withNumber}${plain})[ \t]*(?:#[ \t]*)?(${value})`, 'giu');
};
const numbered = (words: string): string => `(?:${words})[ \t]+${NUMBER_WORD}`;

const hasDigit = (value: string): boolean => /\d/.test(value);

const MONTHS =
  'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?';
/**
 * Numeric dates use one separator twice and plausible day/month numbers, and are no part of a longer
 * number or a measurement: '97.8-99.1°F', '6-7/10' and '13.5-17.5' are ranges, not dates.
 */
const DAY_OR_MONTH = String.raw`(?:0?[1-9]|[12]\d|3[01])`;
const NUMERIC_DATE = String.raw`(?<![\d.,\-/])${DAY_OR_MONTH}(?<sep>[/.\-])${DAY_OR_MONTH}\k<sep>(?:\d{4}|\d{2})(?![\d°%]|[.,]\d)`;
const DATE = String.raw`${NUMERIC_DATE}|\d{4}-\d{2}-\d{2}|(?:${MONTHS})\.?[ \t]+\d{1,2}(?:st|nd|rd|th)?,?[ \t]+\d{4}|\d{1,2}(?:st|nd|rd|th)?[ \t]+(?:${MONTHS})\.?,?[ \t]+\d{4}`;

/** A capitalised name word or an initial; letters of any script ('Zoë', 'O'Neil', 'Jean-Luc'). */
const NAME_WORD = String.raw`\p{Lu}(?:\p{Ll}+(?:['’\-]\p{Lu}?\p{Ll}+)?|\.)`;
const NAME = String.raw`${NAME_WORD}(?:[ \t]+${NAME_WORD}){0,3}`;
const NAME_LABELS =
  'Name|Full Name|Patient(?: Name)?|Student(?: Name)?|Employee(?: Name)?|Customer(?: Name)?|Client(?: Name)?|Account Holder|Cardholder|Card Holder|Parent|Guardian|Parent/Guardian|Emergency Contact|Contact(?: Name)?|Insured|Beneficiary|Applicant|Requester|Policyholder|Physician|Attending|Signed|Signature';
const STREET_TYPES =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Trl';

const detectors: Record<DetectorId, Detector> = {
  email: (text) =>
    matches(text, /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,5}\.[A-Za-z]{2,24}/g),
  phone: (text) => [
    // North American: (555) 123-4567, 555-123-4567, +1 555 123 4567
    ...matches(text, /(?<![\w+])(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ .-])\d{3}[ .-]\d{4}(?!\d)/g),
    // International with a leading +: +44 20 7946 0958, +49 (0)30 1234567
    ...matches(text, /\+\d{1,3}[ .-]?(?:\(0\)[ .-]?)?\d{1,5}(?:[ .-]\d{2,8}){1,4}(?!\d)/g, 0, (v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    }),
  ],
  ssn: (text) => [
    ...matches(text, /(?<!\d)(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?!\d)/g),
    ...matches(text, labelled(`SSN|ITIN|${numbered('Social Security')}`, '', String.raw`\d{9}`)),
  ],
  // UK National Insurance numbers and labelled national / tax identifiers elsewhere.
  nationalId: (text) => [
    ...matches(
      text,
      /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g,
    ),
    ...matches(
      text,
      labelled(
        `TIN|NIF|NIE|Tax ID|Personal ID|ID Number|${numbered('National Insurance|National ID|Identity Card')}`,
        'National ID|Identity Card',
      ),
      1,
      hasDigit,
    ),
  ],
  creditCard: (text) =>
    matches(text, /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g, 0, (v) => {
      const digits = v.replace(/\D/g, '');
      return digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && passesLuhn(digits);
    }),
  iban: (text) => {
    const spans: TextSpan[] = [];
    for (const match of text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}/g)) {
      // The greedy run may take a following capitalised word; shorten until the check digits agree.
      let candidate = match[0];
      while (candidate.replace(/ /g, '').length >= 15 && !passesIbanMod97(candidate)) {
        candidate = candidate.slice(0, -1).trimEnd();
      }
      if (passesIbanMod97(candidate)) spans.push({ start: match.index, end: match.index + candidate.length });
    }
    return spans;
  },
  dateOfBirth: (text) =>
    matches(
      text,
      new RegExp(
        String.raw`\b(?:DOB|D\.O\.B\.?|Date of Birth|Birth ?date|Born(?: on)?)[ \t]*[:\-]?[ \t]*(${DATE})`,
        'gi',
      ),
      1,
    ),
  date: (text) => matches(text, new RegExp(String.raw`\b(?:${DATE})\b`, 'gi')),
  postalAddress: (text) => [
    // 1600 Pennsylvania Avenue NW, Washington, DC 20500 (the city line may follow on the next line)
    ...matches(
      text,
      new RegExp(
        String.raw`\b\d{1,6}[ \t]+(?:[A-Z][A-Za-z'\-]*\.?[ \t]+){1,4}(?:${STREET_TYPES})\b\.?(?:[ \t]+(?:NW|NE|SW|SE|N|S|E|W)\b)?(?:,?[ \t]*(?:Apt|Apartment|Suite|Ste|Unit|#)\.?[ \t]*[A-Z0-9\-]{1,6})?(?:,?\s{1,3}[A-Z][A-Za-z]+(?:[ \t][A-Z][A-Za-z]+){0,2},?[ \t]+[A-Z]{2}[ \t]+\d{5}(?:-\d{4})?)?`,
        'g',
      ),
    ),
    // Musterstraße 12, 10115 Berlin
    ...matches(
      text,
      /\b\p{Lu}\p{Ll}{2,30}(?:straße|strasse|str\.|weg|gasse|platz|allee|ring)[ \t]+\d{1,4}[a-z]?(?:,?[ \t]+\d{4,5}[ \t]+\p{Lu}\p{Ll}+)?/gu,
    ),
    // UK postcodes: SW1A 1AA
    ...matches(text, /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/g),
    // 'Address: anything up to the end of the line'
    ...matches(text, /\b(?:Home |Mailing |Postal |Street )?Address[ \t]*:[ \t]*([^\n]{4,120})/gi, 1),
  ],
  personName: (text) => [
    ...matches(text, new RegExp(String.raw`\b(?:${NAME_LABELS})[ \t]*:[ \t]*(${NAME})`, 'gu'), 1),
    ...matches(text, new RegExp(String.raw`\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?[ \t]+(${NAME})`, 'gu'), 1),
  ],
  medicalRecordNumber: (text) =>
    matches(
      text,
      labelled(`MRN|Patient ID|${numbered('Medical Record|Patient|Chart')}`, 'Medical Record'),
      1,
      hasDigit,
    ),
  healthPlanNumber: (text) =>
    matches(
      text,
      labelled(
        numbered('Member|Policy|Health Plan|Subscriber|Group|Medicare|Medicaid|Beneficiary'),
        'Policy|Health Plan|Medicare|Medicaid',
      ),
      1,
      hasDigit,
    ),
  accountNumber: (text) =>
    matches(
      text,
      labelled(`ABA|${numbered('Account|Acct\\.?|Routing|Loan|Customer|Bank Account')}`, 'Account|Acct\\.?'),
      1,
      hasDigit,
    ),
  studentId: (text) => matches(text, labelled(numbered('Student|Matriculation'), 'Student'), 1, hasDigit),
  licenseNumber: (text) =>
    matches(
      text,
      labelled(
        `VIN|${numbered("Driver'?s License|Driver'?s Licence|DL|License|Licence|Certificate|Serial")}`,
        "Driver'?s License|Driver'?s Licence",
      ),
      1,
      hasDigit,
    ),
  passportNumber: (text) => matches(text, labelled(numbered('Passport'), 'Passport'), 1, hasDigit),
  ipAddress: (text) =>
    matches(text, /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])/g),
  url: (text) => matches(text, /\bhttps?:\/\/[^\s<>"]{3,300}/g),
};

export const DETECTOR_IDS = Object.keys(detectors) as DetectorId[];

export interface Detection extends TextSpan {
  detector: DetectorId | 'term';
}

export function runDetectors(text: string, ids: readonly DetectorId[]): Detection[] {
  return ids.flatMap((id) => detectors[id](text).map((span) => ({ ...span, detector: id })));
}

/** The user's literal terms, case-insensitive; a space in a term matches any run of white space (line breaks too). */
/**
 * Labelled numbers as OCR reads them off a scan where the printed label overlaps the value: the label
 * comes out mangled and glued to it ('Policy Numb#|P-8823447 1'). Only the label's first word is
 * needed, then up to a dozen characters of noise on the same line, then a value with at least five
 * digits. For OCR text only: on a text layer the exact labelled detectors are precise enough.
 */
const LOOSE_LABELS: Partial<Record<DetectorId, string>> = {
  medicalRecordNumber: 'MRN|Medical|Patient ID|Chart',
  healthPlanNumber: 'Policy|Member|Subscriber|Group|Health Plan|Medicare|Medicaid|Beneficiary',
  accountNumber: 'Account|Acct|Routing|Loan',
};

export function findLooselyLabelledNumbers(text: string, enabled: readonly DetectorId[]): Detection[] {
  const spans: Detection[] = [];
  for (const id of enabled) {
    const labels = LOOSE_LABELS[id];
    if (!labels) continue;
    const pattern = new RegExp(
      String.raw`\b(?:${labels})\b[^\n]{0,12}?([A-Z0-9\-/|]{0,20}\d[A-Z0-9\-/|]{0,20}(?:[ \t]\d[\d\-/]{0,10})?)`,
      'giu',
    );
    const found = matches(text, pattern, 1, (value) => (value.match(/\d/g) ?? []).length >= 5);
    spans.push(...found.map((span) => ({ ...span, detector: id })));
  }
  return spans;
}

/** Like findTerms, but only where the term stands as whole words ('Lee' in 'Dr Lee', not in 'fleet'). */
export function findWholeWords(text: string, terms: readonly string[]): Detection[] {
  return findTerms(text, terms).filter(
    ({ start, end }) =>
      !/[\p{L}\p{N}]/u.test(text[start - 1] ?? '') && !/[\p{L}\p{N}]/u.test(text[end] ?? ''),
  );
}

export function findTerms(text: string, terms: readonly string[]): Detection[] {
  const spans: Detection[] = [];
  for (const term of terms) {
    const source = term
      .trim()
      .split(/\s+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(String.raw`\s+`);
    if (!source) continue;
    for (const span of matches(text, new RegExp(source, 'giu'))) spans.push({ ...span, detector: 'term' });
  }
  return spans;
}
