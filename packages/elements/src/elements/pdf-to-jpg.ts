/** `<docstudio-pdf-to-jpg>`: load this one module and the element is defined. */
import { PdfToJpg } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-to-jpg', PdfToJpg);
