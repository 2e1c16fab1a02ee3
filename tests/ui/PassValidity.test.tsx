// @vitest-environment jsdom
/**
 * A pass's validity in the cart widget (issue 25): 'Valid from {from} to {to}' under its line, each day in the
 * item's zone (the last instant 23:59:59 there is still its last day); no such text on other lines.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartWidget } from '../../ui/CartWidget';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();

describe("a pass's validity in the cart widget", () => {
  it('shows the first and last valid day under the pass line only', () => {
    render(
      <CartWidget
        strings={strings}
        currency="USD"
        items={[
          {
            key: 'ev:',
            eventName: 'Museum Passes',
            start: null,
            timezone: 'America/New_York',
            image: null,
            lines: [
              {
                ticketTypeId: 'explorer',
                name: 'Explorer Pass',
                count: 1,
                totalCents: 4500,
                validity: { from: '2026-11-21T05:00:00.000Z', to: '2026-12-21T04:59:59.000Z' },
              },
              { ticketTypeId: 'card', name: 'Gift card', count: 1, totalCents: 2500 },
            ],
            ticketIds: ['t1', 't2'],
          },
        ]}
        lines={[{ key: 'subtotal', amountCents: 7000 }]}
        total={{ key: 'total', amountCents: 7000 }}
        timer={null}
        busy={false}
        checkoutHref="/checkout"
        onNavigate={() => {}}
        onAskRemove={() => {}}
      />,
    );
    const validity = screen.getByText('Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026');
    expect(validity.closest('li')?.textContent).toContain('1 × Explorer Pass');
    expect(screen.getByText('1 × Gift card').closest('li')?.textContent).not.toContain('Valid from');
  });
});
