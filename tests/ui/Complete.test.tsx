// @vitest-environment jsdom
/**
 * The order confirmation (spec 2 §2 "Confirmation screen"): 'Done!', one block per order with groups other than
 * donation or ledger, worded by the order's kind (membership, gift codes, tickets), the print link only when the
 * seller shows it; the seller's message, links, background image for desktop and below 26em with its alternate
 * text, and the content offsets.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Complete, type CompleteOrder, type CompleteProps } from '../../ui/Complete';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();
const order = (id: string, kind: CompleteOrder['kind'], admits = true): CompleteOrder => ({
  id,
  number: `N-${id}`,
  qrCodeUrl: `/qr/${id}`,
  kind,
  admits,
  purchaserEmail: 'ada@example.com',
});

function show(props: Partial<CompleteProps> = {}) {
  return render(
    <Complete
      strings={strings}
      status="ready"
      orders={[]}
      message={null}
      eventsHref="/s/events"
      onNavigate={vi.fn()}
      {...props}
    />,
  );
}
const block = (number: string) =>
  screen.getByRole('heading', { level: 2, name: `Order number ${number}` }).parentElement as HTMLElement;

describe('order confirmation', () => {
  it('one block per order that admits someone, worded by its kind, with the print link when shown', () => {
    show({
      orders: [
        order('t', 'tickets'),
        order('m', 'membership'),
        order('g', 'gift'),
        order('d', 'tickets', false),
      ],
      ticketsHref: (id) => `/s/ticket_order/${id}`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Done!' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Order number N-t',
      'Order number N-m',
      'Order number N-g',
    ]);
    const cases = [
      ['N-t', strings.orderKindTickets, 'View and print tickets', 't'],
      ['N-m', strings.orderKindMembership, 'View and print membership', 'm'],
      ['N-g', strings.orderKindGift, 'View and print gift codes', 'g'],
    ] as const;
    for (const [number, line, print, id] of cases) {
      const b = within(block(number));
      expect(b.getByText(line)).toBeTruthy();
      expect(b.getByRole('img', { name: `QR code for order ${number}` }).getAttribute('src')).toBe(
        `/qr/${id}`,
      );
      expect(b.getByRole('link', { name: `${print} Order number ${number}` }).getAttribute('href')).toBe(
        `/s/ticket_order/${id}`,
      );
    }
    // Three distinct lines: the wording really depends on the kind.
    expect(new Set(cases.map((c) => c[1])).size).toBe(3);
  });

  it('no print link unless the seller shows it; the purchaser’s email line without a seller message', () => {
    show({ orders: [order('t', 'tickets')] });
    expect(screen.queryByRole('link', { name: /View and print/ })).toBeNull();
    expect(screen.getByText('A confirmation email is on its way to ada@example.com.')).toBeTruthy();
  });

  it('the seller’s message, links, background for desktop and below 26em with its alternate text, and offsets', async () => {
    const { container } = show({
      orders: [order('t', 'tickets')],
      sellerMessage: '<p>Thanks, sent to ada@example.com</p>',
      links: [{ text: 'Plan your visit', url: 'https://venue.example/visit' }],
      image: { desktop: '/img/wide.jpg', mobile: '/img/narrow.jpg', alt: 'The museum at dusk' },
      contentOffset: '12rem',
      contentMobileOffset: '8rem',
    });
    expect(await screen.findByText('Thanks, sent to ada@example.com')).toBeTruthy();
    expect(screen.queryByText(/A confirmation email is on its way/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Plan your visit' }).getAttribute('href')).toBe(
      'https://venue.example/visit',
    );
    const img = screen.getByRole('img', { name: 'The museum at dusk' });
    expect(img.getAttribute('src')).toBe('/img/wide.jpg');
    const source = container.querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(max-width: 26em)');
    expect(source?.getAttribute('srcset')).toBe('/img/narrow.jpg');
    const section = screen.getByRole('region', { name: 'Done!' });
    expect(section.style.getPropertyValue('--tix-completed-offset')).toBe('12rem');
    expect(section.style.getPropertyValue('--tix-completed-mobile-offset')).toBe('8rem');
  });

  it('without a mobile image the desktop one serves every width; without an image no picture', () => {
    const { container, unmount } = show({
      orders: [order('t', 'tickets')],
      image: { desktop: '/img/wide.jpg', mobile: null, alt: '' },
    });
    expect(container.querySelector('picture source')).toBeNull();
    expect(container.querySelector('picture img')?.getAttribute('alt')).toBe('');
    unmount();
    const bare = show({ orders: [order('t', 'tickets')] });
    expect(bare.container.querySelector('picture')).toBeNull();
  });
});
