export { downloadAllFiles, downloadFile } from './downloadFile';
export { ResultList } from './ResultList';
export type { ResultFile, ResultListLabels, ResultListProps } from './ResultList';
