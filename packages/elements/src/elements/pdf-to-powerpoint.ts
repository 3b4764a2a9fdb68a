/** `<docstudio-pdf-to-powerpoint>`: load this one module and the element is defined. */
import { PdfToPowerpoint } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-to-powerpoint', PdfToPowerpoint);
