export { dangerButton, primaryButton, secondaryButton, smallButton } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { DropZone, type DropZoneLabels, type DropZoneProps } from './DropZone';
export { FileCard, type FileCardProps } from './FileCard';
export {
  FileList,
  type FileListItem,
  type FileListLabels,
  type FileListProps,
  type MovePart,
  useFocusAfterMove,
} from './FileList';
export { usePortalRoot } from './floating/usePortalRoot';
export {
  Heading,
  type HeadingLevel,
  type HeadingProps,
  subheadingLevel,
  toHeadingLevel,
} from './Heading';
export { type FieldValue, OptionField, type OptionFieldProps } from './OptionField';
export { PageGrid, type PageGridProps } from './PageGrid';
export { PageOverlay, type PageOverlayProps, usePreviewFile } from './PageOverlay';
export {
  normaliseRotation,
  openPdf,
  type PdfDocumentHandle,
  type PdfDocumentState,
  PdfPageImage,
  type PdfPageImageProps,
  type RenderPageOptions,
  usePdfDocument,
  usePdfJsWarmUp,
} from './PdfPages';
export { Popover, type PopoverProps } from './Popover';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export {
  type ContinueTarget,
  downloadAllFiles,
  downloadFile,
  type ResultFile,
  ResultList,
  type ResultListLabels,
  type ResultListProps,
} from './ResultList';
export { Toaster, type ToasterProps, type ToastMessage, type ToastVariant } from './Toaster';
export { Tooltip, type TooltipProps } from './Tooltip';
