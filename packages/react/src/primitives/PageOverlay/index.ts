export { PageOverlay, type PageOverlayProps } from './PageOverlay';
export { usePreviewFile } from './usePreviewFile';
