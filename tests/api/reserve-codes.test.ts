/**
 * A reserve's own codes before the reserve (the 'code required' prompt's code, spec 1 §4 "Reserve with promo
 * code required"): sent as `preReservePromoCodes: { codes }` (no handler: the default), after the code steps'
 * providers, in the preparation order (spec 1 §4), and the body is one the server reads.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCart } from '../../api/cart';
import { preparationBody, preparationSteps, promoCodesToPreload } from '../../api/cart-preparation';

const line = { event_session_id: 's1', ticket_type_id: 'adult' };

describe('a reserve with its own pre-reserve codes', () => {
  it('puts them in the codes-before-reserve step, before the reserve', () => {
    const steps = preparationSteps({ cartId: 'c1', add: [line], codesBeforeReserve: ['PRESS2026'] });
    expect(steps.map((s) => s.step)).toEqual(['codesBeforeReserve', 'reserve']);
    expect(preparationBody(steps)).toEqual({ preReservePromoCodes: { codes: ['PRESS2026'] }, add: [line] });
  });

  it('the reserve call sends them, and the server takes the body', async () => {
    const request = vi.fn(async () => ({}));
    const cart = createCart(request as never, { cachedApiPrefix: '/c/', apiPrefix: '/a/' } as never);
    await cart
      .reserve(
        'c1',
        { eventId: 'e', sessionId: 's1', quantities: { adult: 1 } },
        { codesBeforeReserve: ['PRESS2026'] },
      )
      .catch(() => {});
    const calls = request.mock.calls as unknown as [string, string, { body: unknown }][];
    expect(calls[0]?.[2].body).toEqual({ preReservePromoCodes: { codes: ['PRESS2026'] }, add: [line] });
    const { modifyBody } = await import('../../server/http/validate');
    expect(modifyBody.safeParse(calls[0]?.[2].body).success).toBe(true);
  });

  it('the query promo codes: a comma list, trimmed, blanks and repeats dropped; else the first default', () => {
    expect(promoCodesToPreload(' WELCOME20 , SAVE5,,WELCOME20 ')).toEqual(['WELCOME20', 'SAVE5']);
    expect(promoCodesToPreload(null, ['D1', 'D2'])).toEqual(['D1']);
    expect(promoCodesToPreload(' , ', ['D1'])).toEqual(['D1']);
    expect(promoCodesToPreload(null)).toEqual([]);
  });

  it('preloaded codes go first (errors ignored), then the codes before the reserve, the reserve', () => {
    const steps = preparationSteps({
      cartId: null,
      add: [line],
      defaultCodes: ['WELCOME20'],
      codesBeforeReserve: ['PRESS2026'],
    });
    expect(steps.map((s) => s.step)).toEqual(['create', 'defaultCodes', 'codesBeforeReserve', 'reserve']);
    expect(preparationBody(steps)).toEqual({
      preloadedPromoCodes: { codes: ['WELCOME20'] },
      preReservePromoCodes: { codes: ['PRESS2026'] },
      add: [line],
    });
  });
});
