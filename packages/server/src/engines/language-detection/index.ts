export { detectPageLanguage, type PageLanguage } from './page-language';
export { detectPdfPageLanguage } from './pdf-page-language';
export { modelOfTextLanguage } from './text-language';
