/** `<docstudio-pdf-to-word>`: load this one module and the element is defined. */
import { PdfToWord } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-to-word', PdfToWord);
