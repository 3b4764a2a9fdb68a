export type { FieldValue, OptionFieldProps } from './OptionField';
export { OptionField } from './OptionField';
