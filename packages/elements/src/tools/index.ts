export { type AttributeKind, type OptionAttribute, optionAttributes } from './tool.attributes';
export { createToolElement, defineToolElement } from './tool.element';
export { toolElementTag } from './tool.tag';
