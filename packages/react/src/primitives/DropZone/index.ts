export type { DropZoneLabels, DropZoneProps } from './DropZone';
export { DropZone } from './DropZone';
