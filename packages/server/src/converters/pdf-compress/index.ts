export { COMPRESSION_PRESET_DPI, pdfCompressConverter, validateCompressParameters } from './pdf-compress.converter';
