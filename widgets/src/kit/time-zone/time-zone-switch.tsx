import { TIME_ZONES, timeZoneLabel } from '@fm/sdk/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';

/** The switch's texts (rule 20). */
export const TIME_ZONE_TEXT = {
  timesIn: (zone: string) => `Times in ${timeZoneLabel(zone)}`,
  change: 'change',
  choose: 'Time zone',
  consultantHint: 'Your weekly hours follow this zone.',
  saved: (zone: string) => `Times are now shown in ${timeZoneLabel(zone)}.`,
} as const;

const offered: readonly string[] = TIME_ZONES;

export interface TimeZoneSwitchProps {
  /** The zone times show in now. */
  zone: string;
  /** The zones listed; one outside `TIME_ZONES` is shown but cannot be chosen. */
  choices: readonly string[];
  /** Saves a new zone; a rejection is shown as a toast with `errorText`. */
  save: (zone: string) => Promise<void>;
  /** The failure's text. */
  errorText: (error: unknown) => string;
  /** A line beside the select (a consultant's hours follow their zone). */
  hint?: string | undefined;
  className?: string | undefined;
  /** Opens with the select shown (a story's or a test's open state). */
  defaultEditing?: boolean;
}

/**
 * "Times in America/New York · change": the zone a page's times are in, and the switch to another
 * (rule 20), which the app saves on the person's profile so that it changes everywhere.
 *
 * @example
 * <TimeZoneSwitch zone={zone} choices={zoneChoices(zone)} save={setZone} errorText={errorMessage} />
 */
export function TimeZoneSwitch({
  zone,
  choices,
  save,
  errorText,
  hint,
  className,
  defaultEditing = false,
}: TimeZoneSwitchProps) {
  const [editing, setEditing] = useState(defaultEditing);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const change = async (next: string) => {
    setSaving(true);
    try {
      await save(next);
      setEditing(false);
      toast.success(TIME_ZONE_TEXT.saved(next));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={`time-zone-label ${className ?? ''}`.trim()} data-testid="time-zone-label">
      {editing ? (
        <>
          <label htmlFor={selectId}>{TIME_ZONE_TEXT.choose}</label>{' '}
          <select
            id={selectId}
            className="time-zone-label__select"
            value={zone}
            disabled={saving}
            onChange={(e) => void change(e.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice} disabled={!offered.includes(choice)}>
                {timeZoneLabel(choice)}
              </option>
            ))}
          </select>
          {hint ? <span className="time-zone-label__hint"> {hint}</span> : null}
        </>
      ) : (
        <>
          <span>{TIME_ZONE_TEXT.timesIn(zone)}</span> ·{' '}
          <button
            type="button"
            className="time-zone-label__change"
            onClick={() => setEditing(true)}
          >
            {TIME_ZONE_TEXT.change}
          </button>
        </>
      )}
    </div>
  );
}
