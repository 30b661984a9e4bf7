import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { zoneChoices } from './time-zone.ts';
import { TimeZoneSwitch } from './time-zone-switch.tsx';

const save = async () => undefined;
const errorText = () => 'failed';

describe('TimeZoneSwitch (rule 20)', () => {
  it('names the zone times are in, with the switch to another', () => {
    const html = renderToStaticMarkup(
      <TimeZoneSwitch zone="America/St_Johns" choices={[]} save={save} errorText={errorText} />,
    );
    expect(html).toContain('<span>Times in America/St Johns</span>');
    expect(html).toContain('>change</button>');
  });

  it('lists the offered zones, and shows a browser zone outside them without offering it', () => {
    const html = renderToStaticMarkup(
      <TimeZoneSwitch
        zone="Europe/Paris"
        choices={zoneChoices('Europe/Paris')}
        save={save}
        errorText={errorText}
        hint="Your weekly hours follow this zone."
        defaultEditing
      />,
    );
    expect(html).toContain(
      '<option value="Europe/Paris" disabled="" selected="">Europe/Paris</option>',
    );
    expect(html).toContain('<option value="America/Los_Angeles">America/Los Angeles</option>');
    expect(html).not.toContain('<option value="America/Los_Angeles" disabled');
    expect(html).toContain('Your weekly hours follow this zone.');
    expect(html).toContain('>Time zone</label>');
  });
});
