export {
  installedTesseractModels,
  type ResolvedOcrLanguage,
  resolveOcrLanguage,
} from './installed-languages';
export { type InstalledOcrLanguage, installedOcrLanguages } from './language-list';
export {
  DEFAULT_OCR_LANGUAGE,
  OCR_LANGUAGE_MODELS,
  OCR_LANGUAGES,
  type OcrLanguage,
  parseOcrLanguage,
  tesseractModel,
} from './languages';
export { makeSearchablePdf, OCRMYPDF, type SearchablePdfOptions, singleThreadEnv } from './ocrmypdf';
export {
  mapConcurrently,
  OCR_DPI,
  type OcrWord,
  ocrDpi,
  ocrPageText,
  ocrPageWords,
  type PageOcrOptions,
  parseTesseractWords,
  renderPageGreyPng,
} from './page-ocr';
export { hasText, type PageTextLayer, readTextLayers } from './text-layer';
