export { defaultMessages, formatMessage } from './messages';
export type { MessageKey, StudioMessages } from './messages';
export { StudioProvider, useStudio } from './StudioProvider';
export type { ResolvedStudio, StudioProviderProps } from './StudioProvider';
export type {
  OptionTextOverrides,
  StudioConfig,
  StudioMessageOverrides,
  ToolMessageOverrides,
} from './studio.config';
