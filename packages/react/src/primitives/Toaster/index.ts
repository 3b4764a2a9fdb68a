export type { ToasterProps, ToastMessage, ToastVariant } from './Toaster';
export { Toaster } from './Toaster';
