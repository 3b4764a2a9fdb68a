export type { FileListItem, FileListLabels, FileListProps } from './FileList';
export { FileList } from './FileList';
export { type MovePart, useFocusAfterMove } from './useFocusAfterMove';
