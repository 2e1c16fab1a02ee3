// @vitest-environment jsdom
/**
 * A seated ticket's seat in the cart widget (under its item, the 'count × type' lines unchanged) and on the
 * order confirmation ('Done!'): 'Stalls Centre, Row C, Seat C12', a list named 'Seats'.
 * The discount codes an order bought are listed on the confirmation too.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartWidget } from '../../ui/CartWidget';
import { Complete } from '../../ui/Complete';
import { OrderPrint } from '../../ui/OrderPrint';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();
const seats = [
  { section: 'Stalls Centre', row: 'C', name: 'C12' },
  { section: 'Stalls Centre', row: 'C', name: 'C13' },
];
const item = {
  key: 'ev:s',
  eventName: 'Museum Theatre: The Tempest',
  start: '2026-11-21T19:30:00Z',
  timezone: 'America/New_York',
  image: null,
  lines: [
    { ticketTypeId: 'a', name: 'Adult', count: 1, totalCents: 4500 },
    { ticketTypeId: 'c', name: 'Child', count: 1, totalCents: 3000 },
  ],
  ticketIds: ['t1', 't2'],
};

function renderWidget(items: Parameters<typeof CartWidget>[0]['items']) {
  render(
    <CartWidget
      strings={strings}
      currency="USD"
      items={items}
      lines={[{ key: 'subtotal', amountCents: 7500 }]}
      total={{ key: 'total', amountCents: 7500 }}
      timer={null}
      busy={false}
      checkoutHref="/checkout"
      onNavigate={() => {}}
      onAskRemove={() => {}}
    />,
  );
}

describe('seats in the cart widget', () => {
  it("lists the item's seats under its 'count × type' lines", () => {
    renderWidget([{ ...item, seats }]);
    expect(screen.getByText('1 × Adult')).toBeTruthy();
    expect(screen.getByText('1 × Child')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Seats' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Stalls Centre, Row C, Seat C12', 'Stalls Centre, Row C, Seat C13']);
    // Under the lines, in the item.
    const lines = screen.getByText('1 × Child').closest('ul') as HTMLElement;
    expect(lines.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list.closest('li.cart-item')).toBe(lines.closest('li.cart-item'));
  });

  it('shows no seat list for an item without seats', () => {
    renderWidget([item]);
    expect(screen.queryByRole('list', { name: 'Seats' })).toBeNull();
  });

  it('takes the seat wording from the portal strings', () => {
    cleanup();
    render(
      <CartWidget
        strings={createStrings({ ticketSeat: '{seat} ({section}, {row})' })}
        currency="USD"
        items={[{ ...item, seats: seats.slice(0, 1) }]}
        lines={[]}
        total={{ key: 'total', amountCents: 7500 }}
        timer={null}
        busy={false}
        checkoutHref={null}
        onNavigate={() => {}}
        onAskRemove={() => {}}
      />,
    );
    expect(screen.getByText('C12 (Stalls Centre, C)')).toBeTruthy();
  });
});

describe('seats on the confirmation', () => {
  it("lists each order's seated items with their seats; other items add nothing", () => {
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[
          {
            id: 'o1',
            number: '1001',
            qrCodeUrl: '/qr.png',
            admits: true,
            purchaserEmail: null,
            items: [
              { ...item, seats },
              { key: 'ga', eventName: 'General Admission', start: null, timezone: 'America/New_York' },
            ],
          },
        ]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Done!' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Seats' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Stalls Centre, Row C, Seat C12', 'Stalls Centre, Row C, Seat C13']);
    expect(screen.getByText(/^Museum Theatre: The Tempest, /)).toBeTruthy();
    expect(screen.queryByText('General Admission')).toBeNull();
  });
});

describe('blocks on the confirmation (spec 2 §2)', () => {
  it('one block per order with groups other than donation or ledger: a donation alone has no QR code', () => {
    const order = (id: string, number: string, admits: boolean) => ({
      id,
      number,
      qrCodeUrl: `/qr/${id}.png`,
      admits,
      purchaserEmail: null,
      items: [],
    });
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[order('o1', '1001', true), order('o2', '1002', false)]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/qr/o1.png']);
    expect(screen.queryByText(/1002/)).toBeNull();
  });
});

describe('calendar file on the confirmation (issue 20)', () => {
  it("each order with sessions links its calendar file, named with the order's number; none without", () => {
    const order = (id: string, number: string, calendarUrl: string | null) => ({
      id,
      number,
      qrCodeUrl: `/qr/${id}.png`,
      calendarUrl,
      admits: true,
      purchaserEmail: null,
      items: [],
    });
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[
          order('o1', '1001', '/api/ticket_order/o1/calendar.ics?seller_id=s'),
          order('o2', '1002', null),
        ]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    const links = screen.getAllByRole('link', { name: /^Add to calendar/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      [
        'Add to calendar Order number 1001',
        '/api/ticket_order/o1/calendar.ics?seller_id=s',
        'order-1001.ics',
      ],
    ]);
  });
});

describe('Apple Wallet pass on the confirmation and the printable order (issue 20)', () => {
  const order = (id: string, number: string, walletUrl: string | null) => ({
    id,
    number,
    qrCodeUrl: `/qr/${id}.png`,
    walletUrl,
    admits: true,
    purchaserEmail: null,
    items: [],
  });

  it('the confirmation links each order’s pass, named with its number; none where there is no pass', () => {
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[
          order('o1', '1001', '/api/ticket_order/o1/wallet.pkpass?seller_id=s&token=t'),
          order('o2', '1002', null),
        ]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    const links = screen.getAllByRole('link', { name: /^Add to Apple Wallet/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      [
        'Add to Apple Wallet Order number 1001',
        '/api/ticket_order/o1/wallet.pkpass?seller_id=s&token=t',
        'order-1001.pkpass',
      ],
    ]);
  });

  it('the printable order links it only when there is one', () => {
    const print = (walletUrl: string | null) =>
      render(
        <OrderPrint
          strings={strings}
          order={order('o1', '1001', walletUrl)}
          eventsHref="/events"
          onNavigate={() => {}}
          onPrint={() => {}}
        />,
      );
    print('/api/ticket_order/o1/wallet.pkpass?seller_id=s&token=t');
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe(
      '/api/ticket_order/o1/wallet.pkpass?seller_id=s&token=t',
    );
    cleanup();
    print(null);
    expect(screen.queryByRole('link', { name: /Apple Wallet/ })).toBeNull();
  });
});

describe('discount codes on the confirmation (handler codes)', () => {
  it('an order that bought codes lists them under a heading, each named by its number for screen readers', () => {
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[
          {
            id: 'o1',
            number: '1001',
            qrCodeUrl: '/qr/o1.png',
            admits: true,
            purchaserEmail: null,
            items: [],
            codes: [
              { code: 'ABCDEFGHJKMN', description: '50% off General Admission' },
              { code: 'PQRSTUVWXYZ2', description: null },
            ],
          },
          {
            id: 'o2',
            number: '1002',
            qrCodeUrl: '/qr/o2.png',
            admits: true,
            purchaserEmail: null,
            codes: [],
          },
        ]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    const section = screen.getByRole('region', { name: 'Your discount codes' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Code 1: ABCDEFGHJKMN (50% off General Admission)',
      'Code 2: PQRSTUVWXYZ2',
    ]);
    expect(within(section).getByText('Enter a code at checkout to use it.')).toBeTruthy();
    // One list of codes: the order without codes shows none.
    expect(screen.getAllByRole('region', { name: 'Your discount codes' })).toHaveLength(1);
  });
});
