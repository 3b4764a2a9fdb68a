import type {
  Environment,
  EnvironmentName,
  HttpTransport,
  OptionDefinition,
  TokenSource,
  ToolId,
  ToolTexts,
} from '@docstudio/core';
import type { ThemeInput } from '../theme';
import type { StudioMessages } from './messages';
import type { WorkflowTexts } from './workflow.texts';

/** Text overrides of one option: label, hint, placeholder, required message, choice labels. */
export interface OptionTextOverrides {
  label?: string;
  hint?: string;
  placeholder?: string;
  requiredMessage?: string;
  choices?: Record<string, string>;
}

/** Text overrides of one tool: its catalogue texts, its rejection message and its options. */
export interface ToolMessageOverrides extends Partial<ToolTexts> {
  rejectMessage?: string;
  options?: Record<string, OptionTextOverrides>;
}

/** Every user-facing string: the shared UI strings plus per-tool catalogue texts. */
export interface StudioMessageOverrides extends Partial<StudioMessages> {
  /** Per tool, when set on a StudioProvider that hosts several tools. */
  tools?: Partial<Record<ToolId, ToolMessageOverrides>>;
  /** For the one tool a component renders (its own `messages` prop). */
  tool?: ToolMessageOverrides;
  /** Texts of the workflow list, builder and runner. */
  workflows?: Partial<WorkflowTexts>;
}

/** What StudioProvider gives and what each component also accepts as props (props win). */
export interface StudioConfig {
  /** Base of the conversion API: '/api' on a self-hosted studio (default), or the provider's host. */
  apiUrl?: string;
  /** A bearer token, or a function that finds one (for example core's auth token provider). */
  token?: TokenSource;
  /**
   * 'production', 'staging' or a full environment record. When apiUrl is not given, the API base is
   * the environment's apiUrl (core's defaultEnvironments for a name).
   */
  environment?: EnvironmentName | Environment;
  theme?: ThemeInput;
  messages?: StudioMessageOverrides;
  /**
   * Replaces the HTTP transport of the ConversionClient (proxies, tests). The default uses
   * XMLHttpRequest in browsers for real upload progress.
   */
  transport?: HttpTransport;
}

export type { OptionDefinition };
