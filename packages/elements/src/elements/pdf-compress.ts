/** `<docstudio-pdf-compress>`: load this one module and the element is defined. */
import { PdfCompress } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-compress', PdfCompress);
