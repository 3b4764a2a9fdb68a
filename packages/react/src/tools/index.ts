export { SAMPLE_HTML } from './HtmlToPdf';
export { type ToolComponentName, toolComponentName, toolComponents } from './tool.components';
export * from './tool.exports';
