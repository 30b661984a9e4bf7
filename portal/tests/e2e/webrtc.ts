import type { BrowserContext, Page } from '@playwright/test';

/**
 * What the meeting room's end-to-end tests need from Chromium (ENVIRONMENT.md): a fake camera and
 * microphone without a permission prompt, calls over the loopback interface, and a look inside
 * the page's peer connections and local tracks.
 */

/** `test.use(WEBRTC_BROWSER)`: Chromium with a fake camera and microphone. */
export const WEBRTC_BROWSER = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // WebRTC here (ENVIRONMENT.md): a fake camera and microphone, no permission prompt, loopback.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  },
};

declare global {
  interface Window {
    __fmPeerConnections?: RTCPeerConnection[];
    __fmLocalTracks?: MediaStreamTrack[];
  }
}

/** Keeps every RTCPeerConnection the page makes, so the test can read their stats. */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    window.__fmPeerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

/** Keeps every camera and microphone track the page opens, so the test can see them stopped. */
export async function recordLocalTracks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    const tracks: MediaStreamTrack[] = [];
    window.__fmLocalTracks = tracks;
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

/** Video frames decoded so far from every open connection of the page (inbound-rtp). */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const pc of window.__fmPeerConnections ?? []) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  });
}

/** The page's peer connections that are not closed, and its camera/microphone tracks still live. */
export function openMedia(page: Page): Promise<{ connections: number; tracks: number }> {
  return page.evaluate(() => ({
    connections: (window.__fmPeerConnections ?? []).filter((pc) => pc.signalingState !== 'closed')
      .length,
    tracks: (window.__fmLocalTracks ?? []).filter((t) => t.readyState === 'live').length,
  }));
}
