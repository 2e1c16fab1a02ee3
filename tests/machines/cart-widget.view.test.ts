/**
 * The cart widget's rules and view model (spec 2 §2 "Cart widget", spec 1 §9): lines in the spec's order with
 * fixed and percent fees apart, gift cards with the balance left, the partial total with scheduled payments,
 * '99+' badges and 128-character truncation. The view model is selected from snapshots of the cart machine.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { CartItem, CartTotals } from '../../api/models';
import { cartMachine } from '../../machines/cart/cart.machine';
import { selectCartWidgetView } from '../../machines/cart/view';
import {
  automaticDiscountNames,
  badgeText,
  truncateText,
  widgetLines,
  widgetTotal,
} from '../../machines/cart/widget';
import { makeCart } from '../../stories/fixtures/cart';

const totals = (over: Partial<CartTotals> = {}): CartTotals => ({
  subtotalCents: 4000,
  feesFixedCents: 300,
  feesPercentCents: 200,
  discountCents: 0,
  paymentsCents: 0,
  outstandingCents: 4500,
  ...over,
});

describe('widget lines', () => {
  it('shows fixed and percent fees as separate lines after the subtotal', () => {
    expect(widgetLines(totals())).toEqual([
      { key: 'subtotal', amountCents: 4000 },
      { key: 'feesFixed', amountCents: 300 },
      { key: 'feesPercent', amountCents: 200 },
    ]);
  });

  it('leaves out fee, discount and payment lines that are zero, and the balance without deductions', () => {
    expect(widgetLines(totals({ feesFixedCents: 0, feesPercentCents: 0, outstandingCents: 4000 }))).toEqual([
      { key: 'subtotal', amountCents: 4000 },
    ]);
  });

  it('orders subtotal, fees, discounts, gift cards (balance left), payments, cart balance', () => {
    const lines = widgetLines(totals({ discountCents: 500, paymentsCents: 1000, outstandingCents: 3000 }), [
      // A $20 card: all of it pays (what a card pays is spread over what is outstanding, below).
      { cardNumber: 'GC-0000-4321', remainingBalanceCents: 0, paymentCents: 2000 },
    ]);
    expect(lines.map((l) => l.key)).toEqual([
      'subtotal',
      'feesFixed',
      'feesPercent',
      'discounts',
      'giftCard',
      'payments',
      'cartBalance',
    ]);
    expect(lines.find((l) => l.key === 'discounts')?.amountCents).toBe(-500);
    expect(lines.find((l) => l.key === 'giftCard')).toEqual({
      key: 'giftCard',
      amountCents: -2000,
      cardEnding: '4321',
      balanceLeftCents: 0,
    });
    expect(lines.find((l) => l.key === 'payments')?.amountCents).toBe(-1000);
    // 40 + 3 + 2 - 5 - 10 paid = 30 outstanding; less the 20 on the gift card: 10.
    expect(lines.at(-1)).toEqual({ key: 'cartBalance', amountCents: 1000 });
  });

  it("names the automatic discounts (the members' discount) on the discounts line, beside the codes", () => {
    const mods = [
      {
        id: 'm1',
        name: 'Members save 10% on talks',
        description: null,
        amountCents: 250,
        automatic: true,
        blocking: false,
      },
      {
        id: 'm2',
        name: 'Welcome: 20% off',
        description: null,
        amountCents: 500,
        automatic: false,
        blocking: false,
      },
      {
        id: 'm3',
        name: 'Educator verification',
        description: 'Code needed',
        amountCents: 0,
        automatic: true,
        blocking: true,
      },
      { id: 'm4', name: 'Seniors save', description: null, amountCents: 0, automatic: true, blocking: false },
    ];
    // Only automatic mods that take something off: a code's mod is named by its code, a blocking rule is no discount.
    expect(automaticDiscountNames(mods)).toEqual(['Members save 10% on talks']);
    expect(automaticDiscountNames()).toEqual([]);
    const line = widgetLines(
      totals({ discountCents: 750 }),
      [],
      ['WELCOME20'],
      automaticDiscountNames(mods),
    ).find((l) => l.key === 'discounts');
    expect(line).toEqual({
      key: 'discounts',
      amountCents: -750,
      codes: ['WELCOME20'],
      names: ['Members save 10% on talks'],
    });
    const noNames = widgetLines(totals({ discountCents: 500 }), [], ['WELCOME20']).find(
      (l) => l.key === 'discounts',
    );
    expect(noNames).not.toHaveProperty('names');
  });

  it('never shows a negative balance when a gift card covers more than is left', () => {
    const t = totals({ outstandingCents: 500 });
    const cards = [{ cardNumber: '9999', remainingBalanceCents: 0, paymentCents: 900 }];
    expect(widgetLines(t, cards).at(-1)).toEqual({ key: 'cartBalance', amountCents: 0 });
    expect(widgetTotal(t, cards)).toEqual({ key: 'total', amountCents: 0 });
  });
});

describe('gift card lines follow the cart (spec 2 §3: never the total of the moment a card was applied)', () => {
  // A $200 card applied when the cart owed 45.00: it paid 45.00 and kept 155.00.
  const applied = [{ cardNumber: '7000000000000200', paymentCents: 4500, remainingBalanceCents: 15500 }];

  it('a ticket removed (5.00 due): the card takes 5.00 and keeps 195.00; nothing is left to pay', () => {
    const t = totals({ subtotalCents: 500, feesFixedCents: 0, feesPercentCents: 0, outstandingCents: 500 });
    expect(widgetLines(t, applied).find((l) => l.key === 'giftCard')).toEqual({
      key: 'giftCard',
      amountCents: -500,
      cardEnding: '0200',
      balanceLeftCents: 19500,
    });
    expect(widgetTotal(t, applied)).toEqual({ key: 'total', amountCents: 0 });
  });

  it('a ticket added (80.00 due): the card takes 80.00 and keeps 120.00', () => {
    const t = totals({ subtotalCents: 8000, feesFixedCents: 0, feesPercentCents: 0, outstandingCents: 8000 });
    expect(widgetLines(t, applied).find((l) => l.key === 'giftCard')).toMatchObject({
      amountCents: -8000,
      balanceLeftCents: 12000,
    });
  });

  it('a $10 card on a cart that grew keeps paying 10.00: the cart balance is the rest', () => {
    const ten = [{ cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 }];
    const t = totals({ outstandingCents: 8000 });
    expect(widgetLines(t, ten).at(-1)).toEqual({ key: 'cartBalance', amountCents: 7000 });
  });

  it('the app cart keeps its gift cards across a refresh of the same cart (the server does not send them)', () => {
    const actor = createActor(
      cartMachine.provide({ actors: { expiryWatcher: fromCallback(() => () => {}) } }),
      { input: { storedCartId: null } },
    ).start();
    const cart = makeCart({ totals: totals() });
    actor.send({ type: 'cart.updated', cart: { ...cart, giftCards: applied } });
    // A refresh: the same cart, 5.00 less owed, without the local value.
    actor.send({ type: 'cart.updated', cart: { ...cart, totals: totals({ outstandingCents: 4000 }) } });
    const view = selectCartWidgetView(actor.getSnapshot());
    expect(view.lines.find((l) => l.key === 'giftCard')).toMatchObject({ amountCents: -4000 });
    // Another cart starts without them.
    actor.send({ type: 'cart.updated', cart: { ...cart, id: 'other-cart' } });
    expect(selectCartWidgetView(actor.getSnapshot()).lines.some((l) => l.key === 'giftCard')).toBe(false);
    actor.stop();
  });
});

describe('gift card lines with a payment plan (spec 2 §4: a gift card pays at most the amount chosen)', () => {
  // $200.00 owed, $50.00 due now (the deposit), then $75.00 and $75.00; a $100.00 card applied.
  const owed = totals({
    subtotalCents: 20000,
    feesFixedCents: 0,
    feesPercentCents: 0,
    outstandingCents: 20000,
  });
  const hundred = [{ cardNumber: '7000000000000100', paymentCents: 5000, remainingBalanceCents: 5000 }];
  const plan = [
    { id: 'p1', dueDate: '2026-11-21T12:00:00Z', amountCents: 5000, status: 'upcoming' },
    { id: 'p2', dueDate: '2026-11-28T12:00:00Z', amountCents: 7500, status: 'upcoming' },
    { id: 'p3', dueDate: '2026-12-05T12:00:00Z', amountCents: 7500, status: 'upcoming' },
  ];
  const card = (lines: ReturnType<typeof widgetLines>) => lines.find((l) => l.key === 'giftCard');
  const balance = (lines: ReturnType<typeof widgetLines>) => lines.find((l) => l.key === 'cartBalance');

  it('the due amount chosen ($50.00): the card pays $50.00, $50.00 left on it; nothing more is due now', () => {
    const lines = widgetLines(owed, hundred, [], [], 5000);
    expect(card(lines)).toMatchObject({ amountCents: -5000, balanceLeftCents: 5000 });
    expect(balance(lines)).toEqual({ key: 'cartBalance', amountCents: 15000 });
    expect(widgetTotal(owed, hundred, plan, null, 5000)).toEqual({ key: 'partialTotal', amountCents: 0 });
  });

  it('the outstanding balance chosen: the whole card pays; another amount ($75.00): $75.00', () => {
    expect(card(widgetLines(owed, hundred, [], [], 20000))).toMatchObject({
      amountCents: -10000,
      balanceLeftCents: 0,
    });
    expect(card(widgetLines(owed, hundred, [], [], 7500))).toMatchObject({
      amountCents: -7500,
      balanceLeftCents: 2500,
    });
  });

  it('a $30.00 card on the $50.00 due: the partial total is the $20.00 left for the card', () => {
    const thirty = [{ cardNumber: '7000000000000030', paymentCents: 3000, remainingBalanceCents: 0 }];
    expect(widgetTotal(owed, thirty, plan, null, 5000)).toEqual({ key: 'partialTotal', amountCents: 2000 });
  });

  it('the app cart keeps the amount chosen with its gift cards across a refresh of the same cart', () => {
    const actor = createActor(
      cartMachine.provide({ actors: { expiryWatcher: fromCallback(() => () => {}) } }),
      { input: { storedCartId: null } },
    ).start();
    const cart = makeCart({ totals: owed });
    actor.send({ type: 'cart.updated', cart: { ...cart, giftCards: hundred, giftCardLimitCents: 5000 } });
    actor.send({ type: 'cart.updated', cart: { ...cart, scheduledPayments: plan } });
    const view = selectCartWidgetView(actor.getSnapshot());
    expect(view.lines.find((l) => l.key === 'giftCard')).toMatchObject({
      amountCents: -5000,
      balanceLeftCents: 5000,
    });
    actor.stop();
  });
});

describe('widget total', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const scheduled = [
    { id: 'p1', dueDate: '2026-11-21T12:00:00Z', amountCents: 1500, status: 'upcoming' },
    { id: 'p2', dueDate: '2026-12-21T12:00:00Z', amountCents: 1500, status: 'upcoming' },
    { id: 'p3', dueDate: '2027-01-21T12:00:00Z', amountCents: 1500, status: 'upcoming' },
  ];

  it('is the outstanding balance without scheduled payments', () => {
    expect(widgetTotal(totals())).toEqual({ key: 'total', amountCents: 4500 });
  });

  it('is a partial total with scheduled payments: what is overdue plus the next one (the due amount)', () => {
    // p1 is overdue now (due minus one second is not in the future): p1 and the next, p2.
    expect(widgetTotal(totals(), [], scheduled, now)).toEqual({ key: 'partialTotal', amountCents: 3000 });
    // One second before p1's due time minus one second, all three are upcoming: the next one, p1 (a plan's
    // deposit is listed as its first scheduled payment, due before the hold ends).
    expect(widgetTotal(totals(), [], scheduled, now - 1001)).toEqual({
      key: 'partialTotal',
      amountCents: 1500,
    });
    // Never more than the balance.
    expect(widgetTotal(totals({ outstandingCents: 2000 }), [], scheduled, now)).toEqual({
      key: 'partialTotal',
      amountCents: 2000,
    });
  });

  it("without a clock reading, goes by the server's status", () => {
    const overdue = scheduled.map((p, i) => (i === 0 ? { ...p, status: 'overdue' } : p));
    expect(widgetTotal(totals(), [], overdue, null)).toEqual({ key: 'partialTotal', amountCents: 3000 });
    expect(widgetTotal(totals(), [], scheduled, null)).toEqual({ key: 'partialTotal', amountCents: 1500 });
  });
});

describe('badges and truncation', () => {
  it("caps badge counts at '99+'", () => {
    expect([0, 1, 99, 100, 1000].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('truncates text at 128 characters with an ellipsis', () => {
    const exact = 'x'.repeat(128);
    expect(truncateText(exact)).toBe(exact);
    expect(truncateText(`${exact}y`)).toBe(`${exact}…`);
    expect(truncateText('Planetarium')).toBe('Planetarium');
  });
});

describe('selectCartWidgetView on cart machine snapshots', () => {
  const longName = `A${'n'.repeat(200)}`;
  const item: CartItem = {
    key: 'ev:s',
    eventId: 'ev',
    eventName: longName,
    sessionId: 's',
    start: '2026-11-21T15:00:00Z',
    timezone: 'America/New_York',
    image: null,
    lines: [{ ticketTypeId: 't', name: 'Adult', count: 120, unitCents: 100, totalCents: 12000 }],
    ticketIds: ['t1'],
  };

  const snapshotWith = (cart: ReturnType<typeof makeCart> | null) => {
    const actor = createActor(
      cartMachine.provide({ actors: { expiryWatcher: fromCallback(() => () => {}) } }),
      { input: { storedCartId: null } },
    ).start();
    if (cart) actor.send({ type: 'cart.updated', cart });
    const snapshot = actor.getSnapshot();
    actor.stop();
    return snapshot;
  };

  it('has no lines, total or items without a cart', () => {
    const view = selectCartWidgetView(snapshotWith(null));
    expect(view).toMatchObject({ items: [], lines: [], total: null, ticketCount: 0, badge: '0' });
  });

  it('selects separate fee lines, the total, the 99+ badge and truncated names', () => {
    const cart = makeCart({ ticketCount: 120, items: [item], totals: totals() });
    const snapshot = snapshotWith(cart);
    expect(snapshot.matches('active')).toBe(true);
    const view = selectCartWidgetView(snapshot);
    expect(view.lines.map((l) => [l.key, l.amountCents])).toEqual([
      ['subtotal', 4000],
      ['feesFixed', 300],
      ['feesPercent', 200],
    ]);
    expect(view.total).toEqual({ key: 'total', amountCents: 4500 });
    expect(view.badge).toBe('99+');
    expect(view.items[0]?.eventName).toHaveLength(129);
    expect(view.items[0]?.eventName.endsWith('…')).toBe(true);
    expect(view.items[0]?.fullName).toBe(longName);
  });

  it('selects gift card lines and a partial total from the cart', () => {
    const cart = makeCart({
      totals: totals(),
      // A $10 card: it pays 10.00 of the 45.00 (a larger one would pay more: lines follow the cart).
      giftCards: [{ cardNumber: '12345678', remainingBalanceCents: 0, paymentCents: 1000 }],
      scheduledPayments: [
        { id: 'p', dueDate: '2099-01-01T00:00:00Z', amountCents: 1000, status: 'upcoming' },
      ],
    });
    const view = selectCartWidgetView(snapshotWith(cart));
    expect(view.lines.find((l) => l.key === 'giftCard')).toMatchObject({
      cardEnding: '5678',
      balanceLeftCents: 0,
    });
    expect(view.lines.at(-1)).toEqual({ key: 'cartBalance', amountCents: 3500 });
    // The one scheduled payment (10.00) is what is due now, and the card pays it: nothing is left for a card now.
    expect(view.total).toEqual({ key: 'partialTotal', amountCents: 0 });
  });

  it("names the members' automatic discount on a member cart's discounts line", () => {
    const cart = makeCart({
      totals: totals({ discountCents: 250, outstandingCents: 4250 }),
      cartMods: [
        {
          id: 'm1',
          name: 'Members save 10% on talks',
          description: 'Members save 10% on the Evening Lecture.',
          amountCents: 250,
          automatic: true,
          blocking: false,
        },
      ],
    });
    const view = selectCartWidgetView(snapshotWith(cart));
    expect(view.lines.find((l) => l.key === 'discounts')).toEqual({
      key: 'discounts',
      amountCents: -250,
      codes: [],
      names: ['Members save 10% on talks'],
    });
  });
});
