/** `<docstudio-pdf-protect>`: load this one module and the element is defined. */
import { PdfProtect } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-protect', PdfProtect);
