export type { FileListItem, FileListLabels, FileListProps } from './FileList';
export { FileList } from './FileList';
