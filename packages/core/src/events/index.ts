export {
  callbackPropName,
  createStudioEmitter,
  domEventName,
  type StepStatus,
  type StudioEmitter,
  type StudioEventListener,
  type StudioEventMap,
  type StudioEventName,
} from './studio.events';
