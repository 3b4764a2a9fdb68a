import { REDACTION_PRESETS } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { passesIbanMod97, passesLuhn } from './checksums';
import { type DetectorId, findLooselyLabelledNumbers, findTerms, runDetectors } from './detectors';
import { PRESET_DETECTORS, parseRedactionPreset, REDACTION_PRESET_NAMES } from './presets';

const found = (text: string, ids: DetectorId[]): string[] =>
  runDetectors(text, ids).map((d) => text.slice(d.start, d.end));

describe('PII detectors', () => {
  it('check digits: Luhn for cards, mod-97 for IBANs', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesIbanMod97('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(passesIbanMod97('GB82WEST12345698765432')).toBe(true);
    expect(passesIbanMod97('DE00 3704 0044 0532 0130 00')).toBe(false);
  });

  it('finds each kind and only the value, not its label', () => {
    expect(found('Contact: jane.roe@mail.example.co.uk today', ['email'])).toEqual([
      'jane.roe@mail.example.co.uk',
    ]);
    expect(found('Call (415) 555-0132 or +44 20 7946 0958.', ['phone'])).toEqual([
      '(415) 555-0132',
      '+44 20 7946 0958',
    ]);
    expect(found('SSN: 372-58-1946, not 000-12-3456', ['ssn'])).toEqual(['372-58-1946']);
    expect(found('cards 4111 1111 1111 1111 and 4111 1111 1111 1112', ['creditCard'])).toEqual([
      '4111 1111 1111 1111',
    ]);
    expect(found('pay GB82 WEST 1234 5698 7654 32 Thanks', ['iban'])).toEqual([
      'GB82 WEST 1234 5698 7654 32',
    ]);
    expect(found('Date of Birth: 03/14/1982; meeting 04/01/2024', ['dateOfBirth'])).toEqual(['03/14/1982']);
    expect(found('DOB: July 4, 1975', ['dateOfBirth'])).toEqual(['July 4, 1975']);
    // Ranges and measurements are not dates; real dates next to them still are.
    expect(
      found(
        'Temp 97.8-99.1°F, pain 6-7/10, Hgb 13.5-17.5 g/dL, ratio 1.5.10.2, seen 03/14/2024 and 14.03.24',
        ['date'],
      ),
    ).toEqual(['03/14/2024', '14.03.24']);
    expect(
      found('Patient Name: Jonathan Whitfield\nseen by Dr. Margaret Oyelaran today', ['personName']),
    ).toEqual(['Jonathan Whitfield', 'Margaret Oyelaran']);
    expect(found('Home: 742 Evergreen Terrace, Springfield, IL 62704', ['postalAddress'])).toEqual([
      '742 Evergreen Terrace, Springfield, IL 62704',
    ]);
    expect(
      found('MRN: 00482913 and Account Number: 9876543210', ['medicalRecordNumber', 'accountNumber']),
    ).toEqual(['00482913', '9876543210']);
    expect(found('Student ID: S2024-0917', ['studentId'])).toEqual(['S2024-0917']);
    expect(found('from 192.168.10.24 not 999.1.1.1', ['ipAddress'])).toEqual(['192.168.10.24']);
  });

  it('leaves ordinary text alone', () => {
    const ordinary =
      'The account for 2024 grew by 12%. Invoice 1234-5678 was paid on time. The Name of the Rose is a novel. Order 4111111111111112.';
    const all = PRESET_DETECTORS.auto;
    expect(found(ordinary, [...all])).toEqual([]);
  });

  it('matches user terms literally and case-insensitively, across line breaks', () => {
    const text = 'Project Falcon (c.f. project\nfalcon) costs $5.00*';
    expect(findTerms(text, ['project falcon', '$5.00*']).map((d) => text.slice(d.start, d.end))).toEqual([
      'Project Falcon',
      'project\nfalcon',
      '$5.00*',
    ]);
  });

  it('stays fast on long hostile input (no catastrophic backtracking)', () => {
    const hostile = `${'1 '.repeat(20_000)}${'a.'.repeat(20_000)}@${'A'.repeat(20_000)}`;
    const started = Date.now();
    runDetectors(hostile, PRESET_DETECTORS.hipaa);
    runDetectors(hostile, PRESET_DETECTORS.auto);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('knows the 8 presets; manual detects nothing by itself', () => {
    // the names themselves are the catalogue's (asserted in core's tool-options test)
    expect(REDACTION_PRESET_NAMES).toHaveLength(8);
    // the catalogue offers exactly the presets this server implements
    expect(REDACTION_PRESETS.map((choice) => choice.value)).toEqual([...REDACTION_PRESET_NAMES]);
    expect(Object.keys(PRESET_DETECTORS)).toEqual([...REDACTION_PRESET_NAMES]);
    expect(parseRedactionPreset(undefined)).toBe('auto');
    expect(parseRedactionPreset('HIPAA')).toBe('hipaa');
    expect(parseRedactionPreset('sox')).toBeNull();
    expect(PRESET_DETECTORS.manual).toEqual([]);
    expect(PRESET_DETECTORS.hipaa).toContain('date');
    expect(PRESET_DETECTORS.ferpa).toContain('studentId');
    expect(PRESET_DETECTORS.glba).toContain('creditCard');
  });

  it('reads labelled numbers whose label OCR mangled where it was printed over the value', () => {
    const text = 'Policy Numb44P-8823447 1\nGroup Numi@R 55102\nGroup meeting at 10 am\nPolicy review 2024';
    const found = findLooselyLabelledNumbers(text, ['healthPlanNumber']).map((d) =>
      text.slice(d.start, d.end),
    );
    expect(found).toEqual(['Numb44P-8823447 1', '55102']);
    expect(findLooselyLabelledNumbers(text, ['email'])).toEqual([]);
  });
});
