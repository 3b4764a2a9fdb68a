export type { FileCardProps } from './FileCard';
export { FileCard } from './FileCard';
