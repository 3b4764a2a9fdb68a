/** `<docstudio-pdf-ocr>`: load this one module and the element is defined. */
import { PdfOcr } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-ocr', PdfOcr);
