export { createToolElement, defineToolElement, optionAttributes } from './tool.element';
