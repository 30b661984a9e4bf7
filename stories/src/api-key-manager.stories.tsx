import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@fm/sdk/contracts';
import { ApiKeyManager, AppToaster } from '@fm/widgets/kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '@fm/widgets/kit.css';

/**
 * The kit's API key manager (rule 18), as the admin's franchise page shows it: the keys, a new secret
 * shown once, the create form and the revoke confirmation. The calls here answer from memory.
 */
const meta = {
  title: 'Kit/API key manager',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const KEYS: ApiKey[] = [
  {
    id: 'k1',
    franchiseId: 'f1',
    kind: 'publishable',
    name: 'Brand website',
    prefix: 'pk_7c1e…',
    publishableKey: 'pk_7c1e0d9a4b2f4e51a8c3',
    allowedOrigins: ['https://www.brand.example', 'https://brand.example:8443'],
    scopes: [],
    createdAt: '2026-03-02T15:04:00.000Z',
    lastUsedAt: '2026-03-14T09:30:00.000Z',
    revokedAt: null,
    creatorLeft: false,
  },
  {
    id: 'k2',
    franchiseId: 'f1',
    kind: 'secret',
    name: 'CRM sync',
    prefix: 'sk_4f9a…',
    publishableKey: null,
    allowedOrigins: [],
    scopes: ['meetings:read', 'meetings:write'],
    createdAt: '2026-02-20T11:00:00.000Z',
    lastUsedAt: null,
    revokedAt: '2026-03-01T08:00:00.000Z',
    creatorLeft: false,
  },
  {
    id: 'k3',
    franchiseId: 'f1',
    kind: 'secret',
    name: 'Old reporting script',
    prefix: 'sk_91be…',
    publishableKey: null,
    allowedOrigins: [],
    scopes: ['meetings:read'],
    createdAt: '2026-01-12T10:00:00.000Z',
    lastUsedAt: '2026-02-02T07:45:00.000Z',
    revokedAt: null,
    // Its creator left the franchise: the key stopped working until it is revoked and replaced.
    creatorLeft: true,
  },
];

function InMemory({ initial, failing = false }: { initial?: ApiKey[]; failing?: boolean }) {
  const [keys, setKeys] = useState<ApiKey[] | undefined>(initial);
  const create = async (input: CreateApiKeyInput): Promise<CreatedApiKey> => {
    if (failing) throw new Error('offline');
    const secret = input.kind === 'secret';
    const key = `${secret ? 'sk' : 'pk'}_${Math.random().toString(16).slice(2, 26)}`;
    const created: CreatedApiKey = {
      id: `k${Date.now()}`,
      franchiseId: 'f1',
      kind: input.kind,
      name: input.name,
      prefix: `${key.slice(0, secret ? 7 : 11)}…`,
      publishableKey: secret ? null : key,
      allowedOrigins: input.kind === 'publishable' ? input.allowedOrigins : [],
      scopes: input.kind === 'secret' ? input.scopes : [],
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      creatorLeft: false,
      key,
    };
    setKeys((current) => [created, ...(current ?? [])]);
    return created;
  };
  const revoke = async (id: string) => {
    setKeys((current) =>
      current?.map((k) => (k.id === id ? { ...k, revokedAt: new Date().toISOString() } : k)),
    );
  };
  return (
    <>
      <ApiKeyManager
        keys={keys}
        create={create}
        revoke={revoke}
        onChanged={() => undefined}
        failureText={(_error, fallback) => fallback}
      />
      <AppToaster />
    </>
  );
}

export const WithKeys: Story = { render: () => <InMemory initial={KEYS} /> };
export const Empty: Story = { render: () => <InMemory initial={[]} /> };
export const Loading: Story = { render: () => <InMemory /> };
export const CreateFails: Story = { render: () => <InMemory initial={KEYS} failing /> };
