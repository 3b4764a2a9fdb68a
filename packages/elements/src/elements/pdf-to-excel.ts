/** `<docstudio-pdf-to-excel>`: load this one module and the element is defined. */
import { PdfToExcel } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-to-excel', PdfToExcel);
