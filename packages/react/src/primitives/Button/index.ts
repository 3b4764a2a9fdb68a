export { dangerButton, primaryButton, secondaryButton, smallButton } from './Button.css';
