/** `<docstudio-pdf-rotate>`: load this one module and the element is defined. */
import { PdfRotate } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-rotate', PdfRotate);
