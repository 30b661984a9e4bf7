import { ProfileCardView } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  consultant,
  consultantWithLongTexts,
  consultantWithoutPhoto,
  franchisor,
  franchisorWithGallery,
  franchisorWithLongTexts,
  franchisorWithoutFranchise,
} from './fixtures/profiles.ts';
import { THEME_ARG_TYPES, widthFrame } from './fixtures/story-frame.tsx';

/**
 * The profile card's states, from fixed data. `<fm-profile-card>` renders exactly this view
 * inside its shadow root once `GET /api/users/profile/{id}` has answered; the portal's public
 * profile pages render it with the favourite heart for signed-in users.
 */
const meta = {
  title: 'Widgets/Profile card',
  component: ProfileCardView,
  args: { theme: 'light' },
  argTypes: THEME_ARG_TYPES,
  decorators: [widthFrame(760)],
} satisfies Meta<typeof ProfileCardView>;

export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => {};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { state: { status: 'error', message: 'Error fetching consultant by ID: Not found' } },
};

export const Consultant: Story = {
  args: { state: { status: 'ready', profile: consultant } },
};

export const ConsultantWithInitials: Story = {
  name: 'Consultant without photo or reviews',
  args: { state: { status: 'ready', profile: consultantWithoutPhoto } },
};

export const ConsultantWithLongTexts: Story = {
  name: 'Consultant with long texts and many tags',
  args: { state: { status: 'ready', profile: consultantWithLongTexts } },
};

export const ConsultantFavourite: Story = {
  name: 'Consultant, favourited by the viewer',
  args: {
    state: { status: 'ready', profile: consultant },
    favourite: { isFavorite: true, onToggle: noop },
  },
};

export const Franchisor: Story = {
  args: { state: { status: 'ready', profile: franchisor } },
};

export const FranchisorWithGallery: Story = {
  name: 'Franchisor with gallery',
  args: {
    state: { status: 'ready', profile: franchisorWithGallery },
    favourite: { isFavorite: false, onToggle: noop },
  },
};

export const FranchisorWithLongTexts: Story = {
  name: 'Franchisor with long texts',
  args: { state: { status: 'ready', profile: franchisorWithLongTexts } },
};

export const FranchisorWithoutFranchise: Story = {
  name: 'Franchisor without a franchise',
  args: { state: { status: 'ready', profile: franchisorWithoutFranchise } },
};

export const Narrow: Story = {
  name: 'Narrow (375 px)',
  args: { state: { status: 'ready', profile: franchisorWithGallery } },
  decorators: [widthFrame(375)],
};

export const Dark: Story = {
  name: 'Dark theme (consultant)',
  args: { theme: 'dark', state: { status: 'ready', profile: consultant } },
  globals: { backgrounds: { value: 'dark' } },
};

export const DarkFranchisor: Story = {
  name: 'Dark theme (franchisor)',
  args: {
    theme: 'dark',
    state: { status: 'ready', profile: franchisorWithGallery },
    favourite: { isFavorite: true, onToggle: noop },
  },
  globals: { backgrounds: { value: 'dark' } },
};
