/**
 * Server-side checks of a conversion's wire parameters against the catalogue, before any engine runs.
 * Messages are keyed by the spec's field names and say what is wrong in plain words.
 */
import { pageSelectionError } from '../pages';
import { findToolByEndpoint, getTool } from './catalogue.registry';
import type { ToolDefinition, ToolId, ToolParameters } from './catalogue.tools';
import type { OptionDefinition } from './catalogue.types';
import { webToPdf } from './convert-to-pdf.tools';
import { invalidUrlMessage } from './tool.texts';

export type ParameterErrors = Record<string, string[]>;

export type ResolvedParameters =
  | { ok: true; tool: ToolDefinition; values: Record<string, string> }
  | { ok: false; errors: ParameterErrors };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const COLOR = /^#[0-9a-f]{6}$/i;
/** A parsed URL's hostname: a DNS name (IDNs arrive as punycode) or an IPv4/IPv6 literal. */
const HOST = /^([a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/i;
/** Tabs and line breaks are fine (redaction terms are one per line); other control characters are not. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** Why a value was refused, so a form can word it its own way (labels, translations). */
export type OptionProblem =
  | 'required'
  | 'choice'
  | 'boolean'
  | 'number'
  | 'whole-number'
  | 'range'
  | 'colour'
  | 'control-character'
  | 'too-long'
  | 'page-format';

/** A checked value in its canonical spelling, or the problem with a wire message (names the field). */
export type OptionValueCheck =
  | { ok: true; value: string }
  | { ok: false; reason: OptionProblem; message: string };

type Check = OptionValueCheck;

/**
 * A sent field by its spec name, whatever its case: published API clients differ (PdfA / pdfa), and the
 * server must run with what it checked. The spec's own spelling wins when both exist.
 */
export function sentValue(params: Readonly<Record<string, string>>, name: string): string | undefined {
  if (Object.hasOwn(params, name)) return params[name];
  const lower = name.toLowerCase();
  const key = Object.keys(params).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : params[key];
}

function describeRange(option: OptionDefinition): string {
  const { name, min, max } = option;
  if (min !== undefined && max !== undefined) return `${name} must be between ${min} and ${max}.`;
  if (min !== undefined) return `${name} must be at least ${min}.`;
  return `${name} must be at most ${max}.`;
}

function checkNumber(option: OptionDefinition, text: string): Check {
  if (!NUMBER.test(text)) return { ok: false, reason: 'number', message: `${option.name} must be a number.` };
  const value = Number(text);
  if (option.integer && !Number.isInteger(value))
    return { ok: false, reason: 'whole-number', message: `${option.name} must be a whole number.` };
  if ((option.min !== undefined && value < option.min) || (option.max !== undefined && value > option.max)) {
    return { ok: false, reason: 'range', message: describeRange(option) };
  }
  return { ok: true, value: String(value) };
}

function checkText(option: OptionDefinition, raw: string): Check {
  if (hasControlCharacter(raw))
    return {
      ok: false,
      reason: 'control-character',
      message: `${option.name} must not contain control characters.`,
    };
  if (option.maxLength !== undefined && raw.length > option.maxLength) {
    return {
      ok: false,
      reason: 'too-long',
      message: `${option.name} must be at most ${option.maxLength} characters long.`,
    };
  }
  // Passwords are kept exactly as typed; other text loses surrounding spaces.
  const value = option.type === 'password' ? raw : raw.trim();
  if (option.valueFormat) {
    const problem = pageSelectionError(value, option.valueFormat === 'page-groups' ? 'groups' : 'range');
    if (problem) return { ok: false, reason: 'page-format', message: problem };
  }
  return { ok: true, value };
}

/** Checks one present, non-blank value against its definition and gives it its canonical spelling. */
export function checkOptionValue(option: OptionDefinition, raw: string): Check {
  const text = raw.trim();
  switch (option.type) {
    case 'select': {
      const choices = option.options ?? [];
      const match = choices.find((choice) => choice.value.toLowerCase() === text.toLowerCase());
      if (match) return { ok: true, value: match.value };
      return {
        ok: false,
        reason: 'choice',
        message: `${option.name} must be one of ${choices.map((c) => c.value).join(', ')}.`,
      };
    }
    case 'checkbox':
    case 'switch': {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === 'false') return { ok: true, value: lower };
      return { ok: false, reason: 'boolean', message: `${option.name} must be true or false.` };
    }
    case 'number':
    case 'slider':
      return checkNumber(option, text);
    case 'color':
      if (COLOR.test(text)) return { ok: true, value: text.toLowerCase() };
      return {
        ok: false,
        reason: 'colour',
        message: `${option.name} must be a colour written as #rrggbb, for example #000000.`,
      };
    default:
      return checkText(option, raw);
  }
}

/** A value as a form holds it: text, a number, a checkbox's boolean, or nothing. */
export type OptionFieldValue = string | number | boolean | null | undefined;

/**
 * Checks one field of a form, as a user filled it in: blank is 'required' when the option is, else
 * fine (the default applies); anything else goes through checkOptionValue. Null when the value is fine.
 */
export function checkOptionField(
  option: OptionDefinition,
  value: OptionFieldValue,
): Extract<OptionValueCheck, { ok: false }> | null {
  const text = value === null || value === undefined ? '' : String(value);
  if (text.trim() === '') {
    if (!option.required) return null;
    return {
      ok: false,
      reason: 'required',
      message: option.requiredMessage ?? `${option.name} is required.`,
    };
  }
  const checked = checkOptionValue(option, text);
  return checked.ok ? null : checked;
}

function isShown(
  option: OptionDefinition,
  tool: ToolDefinition,
  params: Readonly<Record<string, string>>,
): boolean {
  if (!option.shownWhen) return true;
  const { option: controlName, oneOf } = option.shownWhen;
  const control = tool.options.find((candidate) => candidate.name === controlName);
  const raw = sentValue(params, controlName)?.trim() || String(control?.default ?? '');
  return oneOf.some((value) => value.toLowerCase() === raw.toLowerCase());
}

function defaultText(option: OptionDefinition): string | undefined {
  return option.default === undefined ? undefined : String(option.default);
}

/**
 * Checks every option of the endpoint's tool and returns the canonical values with defaults filled in.
 * Fields the catalogue does not list (StoreFile, Timeout, Async, File, Url) are ignored.
 */
export function resolveToolParameters(
  endpoint: string,
  params: Readonly<Record<string, string>>,
): ResolvedParameters {
  const tool = findToolByEndpoint(endpoint);
  if (!tool)
    return { ok: false, errors: { Endpoint: [`No tool answers to the endpoint '${String(endpoint)}'.`] } };
  const safeParams = params && typeof params === 'object' ? params : {};
  const errors: ParameterErrors = {};
  const values: Record<string, string> = {};
  for (const option of tool.options) {
    if (!isShown(option, tool, safeParams)) continue;
    const raw = sentValue(safeParams, option.name);
    if (typeof raw !== 'string' || raw.trim() === '') {
      if (
        option.required &&
        (typeof raw === 'string' || defaultText(option) === undefined || option.shownWhen)
      ) {
        errors[option.name] = [option.requiredMessage ?? `${option.name} is required.`];
      } else {
        const fallback = defaultText(option);
        if (fallback !== undefined) values[option.name] = fallback;
      }
      continue;
    }
    const checked = checkOptionValue(option, raw);
    if (checked.ok) values[option.name] = checked.value;
    else errors[option.name] = [checked.message];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, tool, values };
}

/** `resolveToolParameters` of one tool, named by its id, with the values typed by its options. */
export function resolveParametersOf<Id extends ToolId>(
  id: Id,
  params: Readonly<Record<string, string>>,
): { ok: true; values: ToolParameters<Id> } | { ok: false; errors: ParameterErrors } {
  const resolved = resolveToolParameters(getTool(id).endpoint, params);
  // The resolution fills in exactly the entry's options, the list ToolParameters is read off.
  return resolved.ok ? { ok: true, values: resolved.values as ToolParameters<Id> } : resolved;
}

/**
 * The server's wire validation: null when every parameter is valid, else messages by field name
 * (`{ RotatePage: ['RotatePage must be one of 90, 180, 270.'] }`).
 */
export function validateToolParameters(
  endpoint: string,
  params: Readonly<Record<string, string>>,
): ParameterErrors | null {
  const resolved = resolveToolParameters(endpoint, params);
  return resolved.ok ? null : resolved.errors;
}

export type UrlCheck =
  | { ok: true; url: string }
  | { ok: false; reason: 'required' | 'invalid'; title: string; message: string };

/**
 * Web to PDF's URL rules (spec part 1, section 5). A URL without a scheme ('example.com') gets
 * https:// first, as people type addresses that way; only http and https are converted.
 */
export function validateWebUrl(text: string, exampleHost = 'example.com'): UrlCheck {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const { urlRequiredTitle = '', urlRequiredMessage = '', urlInvalidTitle = '' } = webToPdf.texts;
  if (trimmed === '')
    return { ok: false, reason: 'required', title: urlRequiredTitle, message: urlRequiredMessage };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const invalid = {
    ok: false,
    reason: 'invalid',
    title: urlInvalidTitle,
    message: invalidUrlMessage(exampleHost),
  } as const;
  if (!URL.canParse(withScheme)) return invalid;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return invalid;
  // Browsers' URL parsers differ from Node's on odd hosts (Chromium percent-encodes a space in a host
  // that Node refuses), so the host is held to DNS names and IP literals here, the same on both sides.
  if (!HOST.test(url.hostname)) return invalid;
  return { ok: true, url: url.href };
}
