export { PageGrid, type PageGridProps } from './PageGrid';
