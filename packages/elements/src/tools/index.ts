export { createToolElement, defineToolElement, optionAttributes } from './tool.element';
export { toolElementTag } from './tool.tag';
