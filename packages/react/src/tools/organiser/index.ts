export { type ChosenPagesGridProps, ChosenPdfPages } from './ChosenPdfPages';
export * as organiserStyles from './organiser.css';
export { PagesPanel, type PagesPanelProps } from './PagesPanel';
export {
  cutsToGroups,
  pagesInRange,
  readSplitChoice,
  toggleCut,
  togglePage,
  togglePick,
} from './page.choices';
export { useChosenBytes } from './useChosenBytes';
