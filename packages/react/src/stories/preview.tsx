/**
 * Storybook's project annotations: every story renders inside a StudioProvider with the theme chosen in
 * the toolbar. .storybook/preview.tsx re-exports them; stories.a11y.test.tsx composes the stories with
 * them, so the test and Storybook render the same way.
 */
import type { Decorator, Preview } from '@storybook/react-vite';
import { StudioProvider } from '../provider';
import { type ThemeName, themeClassNames } from '../theme';

/** Every story renders inside a StudioProvider with the theme chosen in the toolbar. */
const withStudioTheme: Decorator = (Story, context) => {
  const theme = (context.globals.theme as ThemeName | undefined) ?? 'light';
  return (
    <div
      className={themeClassNames[theme]}
      data-theme={theme}
      style={{
        background: 'var(--docstudio-color-surface)',
        // Story scaffolding (captions, outputs) reads in the theme's text colour and font too.
        color: 'var(--docstudio-color-text)',
        fontFamily: 'var(--docstudio-font-family)',
        padding: 16,
        minHeight: '100vh',
        boxSizing: 'border-box',
      }}
    >
      <StudioProvider theme={theme}>
        <Story />
      </StudioProvider>
    </div>
  );
};

const preview: Preview = {
  decorators: [withStudioTheme],
  globalTypes: {
    theme: {
      description: 'docstudio theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
};

export default preview;
