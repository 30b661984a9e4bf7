import { describe, expect, it } from 'vitest';
import { INTERACTION_EVENTS, onFirstInteraction } from './first-interaction.ts';

describe('onFirstInteraction', () => {
  it.each(INTERACTION_EVENTS)('runs once, at the first %s, and not at later events', (type) => {
    const target = new EventTarget();
    let runs = 0;
    onFirstInteraction(target, () => {
      runs += 1;
    });
    target.dispatchEvent(new Event('scroll'));
    expect(runs).toBe(0);
    target.dispatchEvent(new Event(type));
    expect(runs).toBe(1);
    for (const later of INTERACTION_EVENTS) target.dispatchEvent(new Event(later));
    expect(runs).toBe(1);
  });

  it('runs nothing once it is stopped', () => {
    const target = new EventTarget();
    let runs = 0;
    const stop = onFirstInteraction(target, () => {
      runs += 1;
    });
    stop();
    for (const type of INTERACTION_EVENTS) target.dispatchEvent(new Event(type));
    expect(runs).toBe(0);
  });
});
