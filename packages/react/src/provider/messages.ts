/**
 * Every user-facing string of the shared UI, in English, with `{placeholders}`. Tool-specific texts
 * (headings, toasts, drop nouns, option labels) come from the core catalogue; both can be overridden
 * through the `messages` prop of StudioProvider or of any component.
 */
export const defaultMessages = {
  dropzoneIdle: 'Drag & drop your {noun} here',
  dropzoneBrowse: 'or click to browse files',
  dropzoneActive: 'Drop your {noun} here...',
  dropzoneLabel: 'Choose {noun} to upload',
  remove: 'Remove',
  removeFile: 'Remove {name}',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveUpFile: 'Move up {name}',
  moveDownFile: 'Move down {name}',
  reorderHint: 'Use Alt + Arrow Up or Alt + Arrow Down to reorder.',
  selectedFiles: 'Selected Files ({count})',
  selectedImages: 'Selected Images ({count})',
  selectedFile: 'Selected file',
  conversionComplete: 'Conversion Complete',
  download: 'Download',
  downloadFile: 'Download {name}',
  downloadAll: 'Download All',
  progressLabel: 'Conversion progress',
  invalidFileFormat: 'Invalid file format',
  dismiss: 'Dismiss notification',
  notifications: 'Notifications',
  cancel: 'Cancel',
  parameterValidationError: 'Parameter validation error',
  unexpectedError: 'An unexpected error occurred.',
  fileRequired: 'File required',
  securityNote: 'Files are processed securely and deleted automatically.',
  complianceNote: 'HIPAA and GDPR compliant, with BAA and DPA contracts available.',
  optionsHeading: 'Options',
  moreInfo: 'More about {label}',
  urlLabel: 'Website URL',
  urlPlaceholder: 'https://example.com',
  urlExampleHost: 'example.com',
  howItWorks: 'How it works',
  howItWorksEnterUrl: 'Enter URL',
  howItWorksEnterUrlText: 'Paste the address of the web page you want as a PDF.',
  howItWorksConvert: 'Convert',
  howItWorksConvertText: 'The page is rendered by a real browser and printed to PDF.',
  howItWorksDownload: 'Download',
  howItWorksDownloadText: 'Download the PDF when the conversion is complete.',
  embedAssetsTitle: 'Embed All Assets',
  embedAssetsText:
    'External images, CSS and fonts are ignored. Use base64 images and inline CSS/JS so that your page converts as it looks.',
  showExample: 'Show example',
  hideExample: 'Hide example',
  sampleHtmlHeading: 'Sample HTML Structure',
  splitModeLabel: 'Split mode',
  splitModeAll: 'All pages',
  splitModePages: 'Specific pages',
  splitModeChunks: 'Chunks',
  watermarkQuickPicks: 'Quick picks',
  redactWarningTitle: 'Redaction cannot be undone',
  outputFormatLabel: 'Output format',
  quickPicks: 'Quick picks for {label}',
  numberRange: '{label} must be between {min} and {max}.',
  wholeNumber: '{label} must be a whole number.',
  notANumber: '{label} must be a number.',
  redactConfirmTitle: 'Redact this PDF?',
  redactConfirmText: 'Redaction cannot be undone. Make sure you have kept a backup of the original file.',
  redactConfirmAction: 'Redact',
  mergeOrderHint: 'Files are merged in the order shown.',
  featuresHeading: 'Features',
  benefitsHeading: 'Benefits',
  tipsHeading: 'Tips',
  wordFeatureText: 'Editable text',
  wordFeatureLayout: 'Layout preservation',
  wordFeatureImages: 'Images and tables',
  wordFeatureOcr: 'OCR for scanned PDFs',
} as const;

export type MessageKey = keyof typeof defaultMessages;
export type StudioMessages = Record<MessageKey, string>;

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
