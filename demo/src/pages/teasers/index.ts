export { ConnectorsTeaser } from './ConnectorsTeaser';
export { DocumentsTeaser } from './DocumentsTeaser';
