export type { MessageKey, StudioMessages } from './messages';
export { defaultMessages, formatMessage } from './messages';
export type { ResolvedStudio, StudioProviderProps } from './StudioProvider';
export { StudioProvider, useStudio } from './StudioProvider';
export type {
  OptionTextOverrides,
  StudioConfig,
  StudioMessageOverrides,
  ToolMessageOverrides,
} from './studio.config';
export { defaultWorkflowTexts, type WorkflowTextKey, type WorkflowTexts } from './workflow.texts';
