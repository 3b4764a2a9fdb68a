export type { ContinueTarget, ContinueWithLabels } from './ContinueWith';
export { downloadAllFiles, downloadFile } from './downloadFile';
export type { ResultFile, ResultListLabels, ResultListProps } from './ResultList';
export { ResultList } from './ResultList';
