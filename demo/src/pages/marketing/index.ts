export { ComparisonPage } from './ComparisonPage';
export { IndustryPage } from './IndustryPage';
export type { Industry } from './industry.content';
