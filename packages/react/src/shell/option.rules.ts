import {
  checkOptionField,
  type OptionChoice,
  type OptionDefinition,
  type ToolDefinition,
  validateWebUrl,
} from '@docstudio/core';
import type { FieldValue } from '../primitives';
import { formatMessage, type StudioMessages } from '../provider';

/** The option with `more` choices after its own (those it has already are not repeated). */
export function withMoreChoices(
  option: OptionDefinition,
  more: readonly OptionChoice[] | undefined,
): OptionDefinition {
  if (!more?.length || !option.options) return option;
  const known = new Set(option.options.map((choice) => choice.value.toLowerCase()));
  const added = more.filter((choice) => !known.has(choice.value.toLowerCase()));
  return added.length ? { ...option, options: [...option.options, ...added] } : option;
}

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

/** A problem found before sending: a toast, and optionally a message under one field. */
export interface InputProblem {
  title: string;
  message: string;
  field?: string;
}

/**
 * One shown option, checked by core's `checkOptionField` (the server's own rules) and worded for the
 * page: the option's label and the overridable messages, not the wire names. Null when fine.
 * Only required, number and range problems are reported here; the rest (choices, lengths, page
 * syntax) cannot come from the page's own controls or are worded by the server under the field.
 */
export function checkOption(
  option: OptionDefinition,
  value: FieldValue,
  messages: StudioMessages,
): { title: string; message: string } | null {
  const problem = checkOptionField(option, value);
  if (!problem) return null;
  const label = option.label;
  switch (problem.reason) {
    case 'required':
      return {
        title: option.requiredTitle ?? `${label} required`,
        message: option.requiredMessage ?? `${label} is required`,
      };
    case 'number':
    case 'whole-number':
      return {
        title: label,
        message: formatMessage(option.integer ? messages.wholeNumber : messages.notANumber, { label }),
      };
    case 'range':
      return {
        title: label,
        message: formatMessage(messages.numberRange, {
          label,
          min: option.min ?? '-∞',
          max: option.max ?? '∞',
        }),
      };
    default:
      return null;
  }
}

/** Web to PDF's URL, checked by core's `validateWebUrl`, worded with the tool's (overridable) texts. */
export function checkUrl(url: string, tool: ToolDefinition, messages: StudioMessages): InputProblem | null {
  const checked = validateWebUrl(url, messages.urlExampleHost);
  if (checked.ok) return null;
  if (checked.reason === 'required') {
    return {
      title: tool.texts.urlRequiredTitle ?? checked.title,
      message: tool.texts.urlRequiredMessage ?? checked.message,
      field: 'Url',
    };
  }
  return {
    title: tool.texts.urlInvalidTitle ?? checked.title,
    message: tool.texts.urlInvalidMessage
      ? formatMessage(tool.texts.urlInvalidMessage, { host: messages.urlExampleHost })
      : checked.message,
    field: 'Url',
  };
}
