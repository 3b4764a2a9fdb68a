/** `<docstudio-pdf-to-pdfa>`: load this one module and the element is defined. */
import { PdfToPdfa } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-to-pdfa', PdfToPdfa);
