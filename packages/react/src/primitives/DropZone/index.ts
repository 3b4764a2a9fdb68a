export { DropZone } from './DropZone';
export type { DropZoneLabels, DropZoneProps } from './DropZone';
