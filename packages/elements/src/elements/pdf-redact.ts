/** `<docstudio-pdf-redact>`: load this one module and the element is defined. */
import { PdfRedact } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-redact', PdfRedact);
