/**
 * Typed spreadsheet values from table text: '1,234.5' and '(12)' become numbers (accounting negatives),
 * '5.9%' a percentage shown as such, ISO and written-out dates real dates. Anything else stays text,
 * including codes like '2012_2' or numbers with leading zeros ('007'), which must not lose digits.
 * Letter-spaced print ('1 , 3 6 3') is joined first when that gives a number or a date.
 */
export type TypedValue =
  | { kind: 'number'; value: number; numFmt?: string }
  | { kind: 'date'; value: Date; numFmt: string }
  | { kind: 'text'; value: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function decimalsFormat(digits: string, grouped: boolean): string | undefined {
  const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
  if (!grouped && decimals === 0) return undefined;
  return `${grouped ? '#,##0' : '0'}${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
}

function utcDate(y: number, m: number, d: number): Date | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

function parseDate(s: string): Date | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return utcDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf((m[2] ?? '').slice(0, 3).toLowerCase());
    return month >= 0 ? utcDate(Number(m[3]), month + 1, Number(m[1])) : null;
  }
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf((m[1] ?? '').slice(0, 3).toLowerCase());
    return month >= 0 ? utcDate(Number(m[3]), month + 1, Number(m[2])) : null;
  }
  // day-first with dots is unambiguous in practice (European); slashes are left as text on purpose
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (m) return utcDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/** '1 , 3 6 3' (one character per word: letter-spaced print) -> '1,363'; anything else unchanged. */
function joinLetterSpaced(s: string): string {
  return /^(\S ){2,}\S$/.test(s) ? s.replace(/ /g, '') : s;
}

export function typedValue(raw: string): TypedValue {
  const spaced = raw.replace(/\s+/g, ' ').trim();
  const joined = joinLetterSpaced(spaced);
  // a letter-spaced cell is read joined only when that makes it a number or a date
  const s = joined !== spaced && typedValue(joined).kind !== 'text' ? joined : spaced;
  if (s === '') return { kind: 'text', value: '' };
  const pct = /^([-+]?)(\d+(?:\.\d+)?)\s?%$/.exec(s);
  if (pct) {
    const digits = pct[2] ?? '0';
    const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
    const value = (Number(digits) / 100) * (pct[1] === '-' ? -1 : 1);
    return { kind: 'number', value, numFmt: decimals === 0 ? '0%' : `0.${'0'.repeat(decimals)}%` };
  }
  // thousands grouped by commas, or by spaces as many European reports print them ('98 452')
  const num = /^(\()?([-+])?([$€£¥])?(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)(\.\d+)?(\))?$/.exec(s);
  if (num && Boolean(num[1]) === Boolean(num[6])) {
    const intPart = num[4] ?? '0';
    if (/^0\d/.test(intPart)) return { kind: 'text', value: s };
    const digits = `${intPart}${num[5] ?? ''}`;
    const grouped = /[, ]/.test(intPart);
    const value = Number(digits.replace(/[, ]/g, '')) * (num[1] || num[2] === '-' ? -1 : 1);
    const base = decimalsFormat(digits, grouped);
    const currency = num[3];
    const fmt = currency ? `"${currency}"${base ?? '0'}` : base;
    return { kind: 'number', value, numFmt: num[1] && fmt ? `${fmt};(${fmt})` : fmt };
  }
  const date = parseDate(s);
  if (date) return { kind: 'date', value: date, numFmt: 'yyyy-mm-dd' };
  return { kind: 'text', value: raw.trim() };
}
