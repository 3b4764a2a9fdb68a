export { OptionField } from './OptionField';
export type { FieldValue, OptionFieldProps } from './OptionField';
