import { ProfileCardView } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  consultant,
  consultantWithLongTexts,
  consultantWithoutPhoto,
  franchisor,
} from './fixtures/profiles.ts';

/**
 * The profile card's states, from fixed data. `<fm-profile-card>` renders exactly this view
 * inside its shadow root once `GET /api/users/profile/{id}` has answered.
 */
const meta = {
  title: 'Widgets/Profile card',
  component: ProfileCardView,
  args: { theme: 'light' },
  argTypes: { theme: { control: 'inline-radio', options: ['light', 'dark'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileCardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: { status: 'loading' } },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { state: { status: 'error', message: 'Error fetching profile: Not found' } },
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

export const Franchisor: Story = {
  args: { state: { status: 'ready', profile: franchisor } },
};

export const Dark: Story = {
  name: 'Dark theme',
  args: { theme: 'dark', state: { status: 'ready', profile: consultant } },
  globals: { backgrounds: { value: 'dark' } },
};
