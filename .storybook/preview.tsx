/**
 * The project annotations (theme decorator and toolbar) live in the react package, beside the stories
 * and the accessibility test that composes them, so react never imports from .storybook.
 */
export { default } from '../packages/react/src/stories/preview';
