export { FileCard } from './FileCard';
export type { FileCardProps } from './FileCard';
