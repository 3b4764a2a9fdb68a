/** `<docstudio-images-to-pdf>`: load this one module and the element is defined. */
import { ImagesToPdf } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('images-to-pdf', ImagesToPdf);
