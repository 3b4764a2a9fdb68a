/** `<docstudio-pdf-split>`: load this one module and the element is defined. */
import { PdfSplit } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-split', PdfSplit);
