import type { OptionDefinition } from '@docstudio/core';
import type { FieldValue } from '../primitives';
import { formatMessage, type StudioMessages } from '../provider';

/** Options the page shows now: not workflow-only, and their `shownWhen` condition holds. */
export function visibleOptions(
  options: readonly OptionDefinition[],
  values: Readonly<Record<string, FieldValue>>,
): OptionDefinition[] {
  return options.filter((option) => {
    if (option.workflowOnly) return false;
    if (!option.shownWhen) return true;
    const current = values[option.shownWhen.option];
    return option.shownWhen.oneOf.includes(String(current ?? ''));
  });
}

export function isBlank(value: FieldValue): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A local check of one shown option: required, whole number, range. Null when fine. */
export function checkOption(
  option: OptionDefinition,
  value: FieldValue,
  messages: StudioMessages,
): { title: string; message: string } | null {
  if (isBlank(value)) {
    if (!option.required) return null;
    return {
      title: option.requiredTitle ?? `${option.label} required`,
      message: option.requiredMessage ?? `${option.label} is required`,
    };
  }
  if (option.type === 'number' || option.type === 'slider') {
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(n) || (option.integer && !Number.isInteger(n))) {
      return { title: option.label, message: formatMessage(messages.wholeNumber, { label: option.label }) };
    }
    if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max)) {
      return {
        title: option.label,
        message: formatMessage(messages.numberRange, {
          label: option.label,
          min: option.min ?? '-∞',
          max: option.max ?? '∞',
        }),
      };
    }
  }
  return null;
}
