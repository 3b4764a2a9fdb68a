import type { Decorator, Preview } from '@storybook/react-vite';
import { StudioProvider } from '../packages/react/src/provider';
import { type ThemeName, themeClassNames } from '../packages/react/src/theme';

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
