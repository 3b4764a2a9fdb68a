/**
 * The shape of one tool in the catalogue: the single source of truth that components, the demo,
 * the workflow builder and the server all read. Every fact of the spec lives in an entry, never twice.
 * `ToolId` and `ToolDefinition` are not written here: they are read off the entries themselves
 * (catalogue.tools.ts), so a new entry is a new id everywhere without a second list.
 */

/** Landing-grid categories (spec part 1, section 3). */
export type LandingCategory =
  | 'Convert to PDF'
  | 'Convert from PDF'
  | 'PDF Processing'
  | 'PDF Management'
  | 'Advanced';

/** Workflow-builder categories (spec part 2, section 1). */
export type WorkflowCategory = 'Convert' | 'Optimize' | 'Security' | 'Organize' | 'Edit' | 'Text';

/**
 * A tool's icon: a Lucide icon name (lucide.dev, ISC licence), the studio's one icon set. The
 * catalogue holds the name only, so core stays free of any UI library; a host renders it with
 * lucide-react (the studio) or lucide.
 */
export type ToolIcon =
  | 'file-text'
  | 'images'
  | 'globe'
  | 'file-code'
  | 'file-type'
  | 'presentation'
  | 'sheet'
  | 'file-image'
  | 'minimize-2'
  | 'lock'
  | 'lock-open'
  | 'archive'
  | 'merge'
  | 'scissors'
  | 'rotate-cw'
  | 'stamp'
  | 'scan-text'
  | 'eye-off';

/** How a tool takes its input on the wire. */
export type InputKind = 'single-file' | 'multi-file' | 'url';

export type OptionType =
  | 'select'
  | 'checkbox'
  | 'switch'
  | 'color'
  | 'text'
  | 'password'
  | 'number'
  | 'slider';

export interface OptionChoice {
  value: string;
  label: string;
}

/** One tool option (spec part 2, section 3: name, label, type, required, options, default, placeholder, min, max). */
export interface OptionDefinition {
  /** The form field name sent to the server (PdfVersion, Preset, ...). */
  name: string;
  label: string;
  type: OptionType;
  required?: boolean;
  options?: readonly OptionChoice[];
  default?: string | number | boolean;
  placeholder?: string;
  hint?: string;
  min?: number;
  max?: number;
  step?: number;
  /** Message shown when a required option is blank. */
  requiredMessage?: string;
  /** When the value is sent: 'always', only when set (non-blank), when > 0, or when not 'default'. */
  sendWhen?: 'always' | 'non-blank' | 'positive' | 'not-default' | 'true' | 'not-all';
  /** Toast title shown with `requiredMessage` ('User password required'). */
  requiredTitle?: string;
  /** Numbers: only whole numbers are valid (margins, font size, chunk size). */
  integer?: boolean;
  /** Text: the longest value the server accepts (characters). */
  maxLength?: number;
  /** Text that must parse as pages: 'page-range' (1-5, 8) or 'page-groups' (split's ExtractPages). */
  valueFormat?: 'page-range' | 'page-groups';
  /** Quick picks the UI offers beside the field (watermark texts; watermark sizes for FontSize). */
  presets?: readonly OptionChoice[];
  /** Shown (and `required` applies) only while another option has one of these values. */
  shownWhen?: { option: string; oneOf: readonly string[] };
  /** Listed by the workflow catalogue only; the tool page does not show it (spec part 2, section 9). */
  workflowOnly?: boolean;
}

/** An output choice that picks the endpoint (OCR: Searchable PDF -> pdf/to/ocr, Text File -> pdf/to/txt). */
export interface EndpointChoice {
  value: string;
  label: string;
  endpoint: string;
  outputFormats: readonly string[];
}

export interface AcceptRule {
  /** Extensions without the dot, lower case (pdf, docx). */
  extensions: readonly string[];
  /** MIME types or wildcards (application/pdf, image/*). */
  mimeTypes: readonly string[];
  /** Maximum count of files; undefined = many. */
  maxFiles?: number;
  /** Minimum count at convert time (merge: 2). */
  minFiles?: number;
  /** Max bytes per file; undefined = no page limit (merge). */
  maxSize?: number;
  minSize?: number;
  /** The rejection toast message of this page (spec section 5). */
  rejectMessage: string;
  /** Rejection toast title; 'Invalid file format' everywhere in the spec. */
  rejectTitle: string;
  /** Toasts for a too-large file, too many files or too few files where the page has its own words. */
  tooLargeTitle?: string;
  tooLargeMessage?: string;
  tooManyTitle?: string;
  tooManyMessage?: string;
  tooFewTitle?: string;
  tooFewMessage?: string;
}

export interface ProgressCadence {
  step: number;
  intervalMs: number;
  cap: number;
}

export interface ToolTexts {
  /** Page heading / display name (Office to PDF Converter). */
  heading: string;
  successTitle: string;
  successMessage: string;
  failureTitle: string;
  /** Used when the thrown value carries no message. */
  failureFallback: string;
  /** Drop-zone noun ('Drag & drop your {noun} here'). */
  dropNoun: string;
  missingFileTitle?: string;
  missingFileMessage?: string;
  buttonLabel: string;
  busyLabel: string;
  /** Web to PDF: the URL field's toasts ({host} is replaced by an example host). */
  urlRequiredTitle?: string;
  urlRequiredMessage?: string;
  urlInvalidTitle?: string;
  urlInvalidMessage?: string;
  /** A warning the page must show before running (redaction cannot be undone). */
  notice?: string;
}

/**
 * One catalogue entry as written (`{ ... } as const satisfies ToolEntry`): its `id` stays the literal it
 * is, which is how `ToolId` is derived. Code that reads the catalogue uses `ToolDefinition`.
 */
export interface ToolEntry<Id extends string = string> {
  /** Kebab case; also the route, the custom element's tag (`docstudio-<id>`) and the data-scope. */
  id: Id;
  /** Route at the site root: '/' + id. */
  route: string;
  /** Its card's icon on the landing grid; no two tools share one. */
  icon: ToolIcon;
  title: string;
  /** Short name used in workflow pickers and chains. */
  name: string;
  description: string;
  landingCategory: LandingCategory;
  workflowCategory: WorkflowCategory;
  /** Endpoint the tool page calls ('office/to/pdf'). */
  endpoint: string;
  /** Endpoint the workflow catalogue lists where it differs (pdf/merge). */
  workflowEndpoint?: string;
  /** Extra endpoints chosen by an option (OCR: pdf/to/txt for the Text File output). */
  alternateEndpoints?: readonly string[];
  /** The choice that selects among `endpoint` and `alternateEndpoints`, with the output each gives. */
  endpointChoices?: readonly EndpointChoice[];
  input: InputKind;
  inputFormats: readonly string[];
  outputFormats: readonly string[];
  accept: AcceptRule;
  options: readonly OptionDefinition[];
  progress: ProgressCadence;
  texts: ToolTexts;
}
