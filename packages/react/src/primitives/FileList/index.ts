export { FileList } from './FileList';
export type { FileListItem, FileListLabels, FileListProps } from './FileList';
