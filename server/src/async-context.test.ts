import { describe, expect, it } from 'vitest';
import { contextSlot } from './async-context.ts';

describe('contextSlot', () => {
  it('keeps each slot’s value across awaits, nested runs keeping the other slots', async () => {
    const request = contextSlot<string>('request');
    const fields = contextSlot<number>('fields');
    await request.run('r1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(request.get()).toBe('r1');
      expect(fields.get()).toBeUndefined();
      await fields.run(7, async () => {
        await Promise.resolve();
        expect([request.get(), fields.get()]).toEqual(['r1', 7]);
      });
      expect(fields.get()).toBeUndefined();
    });
    expect(request.get()).toBeUndefined();
  });

  it('keeps concurrent runs apart', async () => {
    const slot = contextSlot<string>('concurrent');
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((id, i) =>
        slot.run(id, async () => {
          await new Promise((resolve) => setTimeout(resolve, 3 - i));
          return slot.get();
        }),
      ),
    );
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
