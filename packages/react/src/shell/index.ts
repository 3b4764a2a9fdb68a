export { FileSelection } from './FileSelection';
export { checkOption, checkUrl, type InputProblem, visibleOptions } from './option.rules';
export {
  type ConversionHooks,
  checkInput,
  type PreparedRequest,
  runConversion,
} from './runConversion';
export {
  CatalogueNote,
  ComplianceNote,
  FailureNotice,
  FeatureList,
  GuideCards,
  Notice,
  SideCard,
  ToolNote,
} from './ShellParts';
export { ToolOptions, type ToolOptionsProps } from './ToolOptions';
export { type ToolProps, ToolShell, type ToolShellProps } from './ToolShell';
export {
  ToolContext,
  type ToolContextValue,
  useToolActions,
  useToolContext,
  useToolState,
} from './tool.context';
export {
  createToolStore,
  type SelectedFile,
  selectedName,
  selectedSize,
  type ToolState,
  type ToolStatus,
  type ToolStore,
} from './tool.store';
export { UrlField } from './UrlField';
