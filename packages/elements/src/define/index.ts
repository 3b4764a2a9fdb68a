export { adoptStyles, setElementStyles } from './adopt.styles';
export {
  createDocstudioElement,
  defineDocstudioElement,
  type ElementAttributes,
  type ElementCallbacks,
  type ElementEventCallback,
  type ElementOptions,
  parseBooleanAttribute,
} from './element.bridge';
export type {
  DocstudioEventDetails,
  DocstudioEventMap,
  DocstudioEventName,
  WorkflowElementState,
} from './element.events';
export { anonymousTokenSource } from './token.source';
