export { adoptStyles, setElementStyles } from './adopt.styles';
export {
  createDocstudioElement,
  defineDocstudioElement,
  type ElementAttributes,
  type ElementCallbacks,
  type ElementOptions,
  parseBooleanAttribute,
} from './element.bridge';
