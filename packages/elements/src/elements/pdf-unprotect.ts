/** `<docstudio-pdf-unprotect>`: load this one module and the element is defined. */
import { PdfUnprotect } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-unprotect', PdfUnprotect);
