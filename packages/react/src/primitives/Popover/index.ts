export { Popover } from './Popover';
export type { PopoverProps } from './Popover';
