import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook for the widgets and app components; stories use fixed data, never a live API. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
