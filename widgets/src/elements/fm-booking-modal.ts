import type { Session, TimeZone } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import {
  createElement,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { isTimeZone } from '../components/booking-modal/booking-calendar.ts';
import { BookingModal } from '../components/booking-modal/booking-modal.tsx';
import type { WidgetError } from '../widget-error.ts';
import { portalUrlFor } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-booking-modal>` (kebab-case in HTML, camelCase here). */
export interface FmBookingModalAttributes extends EmbedAttributes {
  /** `consultant-id`: the consultant to book (required). */
  consultantId?: string | undefined;
  /** `time-zone`: the zone to start in (one of the 13); else the browser's, else New York. */
  timeZone?: string | undefined;
}

const MISSING_ID: WidgetError = {
  message: 'The consultant-id attribute is required',
  code: 'VALIDATION_FAILED',
  status: 0,
};

/**
 * The host element's `open` attribute as state (r2wc maps attribute values, not presence), and a
 * setter that writes it back, so `el.setAttribute('open', '')`, `el.open()` and the modal's own
 * CANCEL all go through one place.
 */
function useHostOpen(ref: RefObject<Element | null>): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const hostOf = useCallback(() => {
    const root = ref.current?.getRootNode();
    return typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot ? root.host : null;
  }, [ref]);
  useLayoutEffect(() => {
    const host = hostOf();
    if (!host) return;
    setOpen(host.hasAttribute('open'));
    const observer = new MutationObserver(() => setOpen(host.hasAttribute('open')));
    observer.observe(host, { attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [hostOf]);
  const write = useCallback(
    (next: boolean) => {
      const host = hostOf();
      if (!host) return setOpen(next);
      if (next) host.setAttribute('open', '');
      else host.removeAttribute('open');
    },
    [hostOf],
  );
  return [open, write];
}

function FmBookingModalElement({
  consultantId,
  timeZone,
  ...attributes
}: FmBookingModalAttributes) {
  const embed = useEmbedElement(attributes);
  const { ref, dispatch } = embed;
  const { apiBase } = attributes;
  const [open, setOpen] = useHostOpen(ref);
  const subscriptionUrl = useMemo(
    () => portalUrlFor(apiBase, '/my-profile/subscription'),
    [apiBase],
  );
  const meetingsUrl = useMemo(() => portalUrlFor(apiBase, '/bookings'), [apiBase]);
  const id = consultantId?.trim() ?? '';
  const zone: TimeZone | undefined = isTimeZone(timeZone) ? timeZone : undefined;

  useEffect(() => {
    if (open && !id) dispatch('fm-error', MISSING_ID);
  }, [open, id, dispatch]);

  return embedFrame(
    embed,
    id
      ? createElement(BookingModal, {
          consultantId: id,
          open,
          client: embed.entry.client,
          theme: embed.theme,
          timeZone: zone,
          signInUrl: embed.signInUrl,
          onSignIn: embed.signIn,
          subscriptionUrl,
          meetingsUrl,
          onClose: () => {
            setOpen(false);
            dispatch('fm-close', null);
          },
          onBooked: (session: Session) => dispatch('fm-booked', session),
          onError: embed.report,
        })
      : null,
  );
}

const FmBookingModalBase = r2wc(FmBookingModalElement, {
  shadow: 'open',
  props: {
    consultantId: 'string',
    apiBase: 'string',
    embedKey: 'string',
    theme: 'string',
    timeZone: 'string',
  },
});

/**
 * `<fm-booking-modal consultant-id="…" embed-key="pk_…" theme="light|dark|auto" time-zone="…" open>`:
 * the booking modal (Select a Date & Time) in an open shadow root, shown in the browser's top
 * layer (`<dialog>.showModal()`), so no `z-index` or `transform` of the page can cover or clip it;
 * focus returns to the opener when it closes. It shows while the `open`
 * attribute is present; `el.open()` and `el.close()` set and remove it. Emits `fm-booked`
 * (detail: the meeting), `fm-error` (detail: `{ message, code, status }`) and `fm-close`, all
 * bubbling and composed. With an embed key, a visitor who is not signed in signs in (or up) in a
 * popup on the portal and the booking goes on (`fm-signed-in`); without one they are invited to log
 * in on the portal. A franchisor without an active subscription gets the Action Not Available modal.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <button onclick="document.querySelector('fm-booking-modal').open()">Book a Meeting</button>
 * <fm-booking-modal consultant-id="abc123" embed-key="pk_…"></fm-booking-modal>
 * <script>
 *   document.addEventListener('fm-booked', (e) => console.log('Booked', e.detail.start));
 * </script>
 */
export class FmBookingModal extends FmBookingModalBase {
  /** Shows the modal (sets the `open` attribute). */
  open(): void {
    this.setAttribute('open', '');
  }

  /** Hides the modal (removes the `open` attribute). */
  close(): void {
    this.removeAttribute('open');
  }

  /** Whether the modal shows. */
  get isOpen(): boolean {
    return this.hasAttribute('open');
  }
}
