/** `<docstudio-pdf-watermark>`: load this one module and the element is defined. */
import { PdfWatermark } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('pdf-watermark', PdfWatermark);
