import type { AdminPromotion } from '@fm/sdk/contracts';
import {
  DataTable,
  PhotoUpload,
  StatusLabel,
  TablePager,
  TextField,
  TimeZoneSwitch,
  UnsavedChangesGuard,
  useValibotForm,
  zoneChoices,
} from '@fm/widgets/kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import * as v from 'valibot';
import '@fm/widgets/kit.css';

/**
 * The shared kit of the portal and the admin app (`@fm/widgets/kit`): a table with its 5/10/20
 * pager, form fields with their messages, the unsaved-changes prompt, status labels, the
 * photo cropper and the time-zone switch. Styles come from `@fm/widgets/kit.css`.
 */
const meta = {
  title: 'Kit/Shared pieces',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const rows: Pick<AdminPromotion, 'id' | 'name' | 'effect' | 'status'>[] = Array.from(
  { length: 47 },
  (_, i) => ({
    id: `p${i + 1}`,
    name: `Promotion ${i + 1}`,
    effect: i % 2 === 0 ? 'Price' : 'Gift',
    status: i % 3 === 0 ? 'inactive' : 'active',
  }),
);

function TableWithPager({
  empty = false,
  loading = false,
}: {
  empty?: boolean;
  loading?: boolean;
}) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const shown = empty ? [] : rows.slice((page - 1) * size, page * size);
  return (
    <>
      <DataTable
        caption="Promotions"
        rows={shown}
        rowKey={(row) => row.id}
        loading={loading}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name },
          { key: 'effect', header: 'Effect', cell: (row) => row.effect },
          {
            key: 'status',
            header: 'Status',
            cell: (row) => (
              <StatusLabel
                status={row.status}
                label={row.status === 'active' ? 'Running' : 'Paused'}
              />
            ),
          },
        ]}
      />
      <TablePager
        page={page}
        pageSize={size}
        total={empty ? 0 : rows.length}
        onPage={setPage}
        onPageSize={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </>
  );
}

export const TableAndPager: Story = { render: () => <TableWithPager /> };
export const TableEmpty: Story = { render: () => <TableWithPager empty /> };
export const TableLoading: Story = { render: () => <TableWithPager loading /> };

const NameSchema = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.nonEmpty("Please input user's first name!")),
  email: v.pipe(v.string(), v.trim(), v.email('Please input a valid email!')),
});

function FieldsWithErrors() {
  const form = useValibotForm({
    schema: NameSchema,
    initialValues: { firstName: '', email: 'not-an-email' },
    invalidMessage: 'Validation failed please check the form again',
    onSubmit: () => undefined,
  });
  return (
    <form className="form form--narrow" onSubmit={form.handleSubmit} noValidate>
      <TextField label="First Name" field={form.field('firstName')} />
      <TextField label="Email" type="email" field={form.field('email')} />
      <p className="form-alert" role="alert" hidden={!form.formError}>
        {form.formError}
      </p>
      <button type="submit" className="button button--primary">
        Save
      </button>
    </form>
  );
}

export const FormFieldsWithErrors: Story = {
  render: () => <FieldsWithErrors />,
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('button[type=submit]')?.click();
  },
};

export const UnsavedChangesDialog: Story = {
  render: () => (
    <UnsavedChangesGuard
      when
      onSave={async () => 'invalid'}
      blocker={{ state: 'blocked', proceed: () => undefined, reset: () => undefined }}
    />
  ),
};

export const StatusLabels: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {[
        'Activated',
        'Inactive',
        'Deactivated',
        'Hidden',
        'Deleted',
        'pending',
        'approved',
        'rejected',
        'trialing',
        'Unsubscribed',
      ].map((status) => (
        <StatusLabel key={status} status={status} />
      ))}
    </div>
  ),
};

export const PhotoCropper: Story = {
  render: () => (
    <PhotoUpload
      src={null}
      alt="Consultant"
      placeholder="AL"
      label="Upload photo"
      cropTitle="Crop the photo"
      onSave={async () => undefined}
    />
  ),
};

/** "Times in … · change" (rule 20): the zone saved on the person's profile, here kept in state. */
function ZoneSwitch({
  open = false,
  start = 'America/New_York',
}: {
  open?: boolean;
  start?: string;
}) {
  const [zone, setZone] = useState(start);
  return (
    <TimeZoneSwitch
      zone={zone}
      choices={zoneChoices(zone)}
      save={async (next) => setZone(next)}
      errorText={() => 'Could not save the time zone'}
      defaultEditing={open}
    />
  );
}

export const TimeZoneLabel: Story = { render: () => <ZoneSwitch /> };
/** The switch open, in a browser zone outside the offered ones (shown first, not offered). */
export const TimeZoneChoosing: Story = {
  render: () => <ZoneSwitch open start="Europe/Paris" />,
};
