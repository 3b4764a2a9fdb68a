export {
  formatPageRange,
  MAX_PAGE_NUMBER,
  PAGE_RANGE_EXAMPLE,
  type PageGroupsResult,
  type PageRangeResult,
  pageSelectionError,
  parsePageGroups,
  parsePageRange,
} from './page-range.parser';
