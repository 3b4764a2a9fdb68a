export { Heading, type HeadingLevel, type HeadingProps, subheadingLevel, toHeadingLevel } from './Heading';
