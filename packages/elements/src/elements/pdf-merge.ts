/** `<docstudio-pdf-merge>`: load this one module and the element is defined. */
import { PdfMerge } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-merge', PdfMerge);
