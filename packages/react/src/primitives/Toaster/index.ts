export { Toaster } from './Toaster';
export type { ToasterProps, ToastMessage, ToastVariant } from './Toaster';
