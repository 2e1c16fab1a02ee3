/**
 * Demo data for the template preview (GET /__mail/preview, development only): every email the server sends,
 * rendered by the same functions with made-up values (and one value that must be escaped), in English and then
 * in Spanish (issue 26: the languages the emails are written in).
 */
import type { Brand } from './layout';
import type { MailContent } from './message';
import { orderChangeMail } from './order-change-mail';
import { type OrderLine, type OrderMailData, orderConfirmationMail } from './order-mail';
import {
  emailChangeNoticeMail,
  giftCodeMail,
  membershipIdMail,
  resendMail,
  resetMail,
  verifyEmailMail,
} from './templates';

const BRAND: Brand = { name: 'Demo Museum', color: '#7a2e8a' };
const ORIGIN = 'https://shop.example.test/demo-museum';

/** An order of the free workshop with `lines` in one session (the manage page's emails). */
function cancelPreview(lines: OrderLine[]): OrderMailData {
  const start = new Date('2026-12-05T16:00:00Z');
  return {
    orderId: '00000000-0000-4000-8000-000000000002',
    orderNumber: 'W4RK-SHP2',
    createdAt: new Date('2026-11-21T15:00:00Z'),
    firstName: 'Fran',
    currency: 'USD',
    totalCents: 0,
    orderLink: `${ORIGIN}/ticket_order/00000000-0000-4000-8000-000000000002`,
    manageLink: `${ORIGIN}/manage/00000000-0000-4000-8000-000000000002?token=preview-token`,
    sessions: [
      {
        id: 'session-w',
        eventName: 'Family Workshop: Drop-in Drawing',
        venueName: 'Demo Museum',
        timezone: 'America/New_York',
        startAt: start,
        endAt: new Date(start.getTime() + 3600_000),
        eventLink: `${ORIGIN}/events/workshop`,
        lines,
      },
    ],
    other: [],
    codes: [],
    giftCards: [],
  };
}

/** Every email in English, then every one again in Spanish ('… (Spanish)'). */
export function previews(): Array<{ name: string; mail: MailContent }> {
  return [
    ...previewsIn(null),
    ...previewsIn('es').map((p) => ({ name: `${p.name} (Spanish)`, mail: p.mail })),
  ];
}

function previewsIn(locale: string | null): Array<{ name: string; mail: MailContent }> {
  const start = new Date('2026-12-05T15:00:00Z');
  return [
    {
      name: 'Order confirmation',
      mail: orderConfirmationMail(
        BRAND,
        {
          orderId: '00000000-0000-4000-8000-000000000001',
          orderNumber: 'K7Q2M9XA',
          createdAt: new Date('2026-11-21T15:00:00Z'),
          firstName: 'Ada <script>',
          currency: 'USD',
          totalCents: 10500,
          orderLink: `${ORIGIN}/ticket_order/00000000-0000-4000-8000-000000000001`,
          manageLink: `${ORIGIN}/manage/00000000-0000-4000-8000-000000000001?token=preview-token`,
          sessions: [
            {
              id: 'session-1',
              eventName: 'General Admission',
              venueName: 'Demo Museum',
              timezone: 'America/New_York',
              startAt: start,
              endAt: new Date(start.getTime() + 2 * 3600_000),
              eventLink: `${ORIGIN}/events/ga`,
              lines: [
                { name: 'Adult', count: 2, seats: [] },
                { name: 'Child', count: 1, seats: [] },
              ],
            },
            {
              id: 'session-2',
              eventName: 'Museum Theatre: The Tempest',
              venueName: 'Museum Theatre',
              timezone: 'America/New_York',
              startAt: new Date(start.getTime() + 4.5 * 3600_000),
              endAt: new Date(start.getTime() + 7 * 3600_000),
              eventLink: `${ORIGIN}/events/tempest`,
              lines: [
                {
                  name: 'Stalls',
                  count: 2,
                  seats: [
                    { section: 'Stalls Centre', row: 'C', name: '7' },
                    { section: 'Stalls Centre', row: 'C', name: '8' },
                  ],
                },
              ],
            },
          ],
          other: [
            { eventName: 'Donations', lines: [{ name: 'Donation $25', count: 1, seats: [] }] },
            {
              eventName: 'Gift a visit',
              lines: [{ name: '50% off General Admission', count: 2, seats: [] }],
            },
            {
              eventName: 'Museum Passes',
              lines: [
                {
                  name: 'Explorer Pass',
                  count: 1,
                  seats: [],
                  validity: {
                    from: new Date('2026-11-21T15:00:00Z'),
                    to: new Date('2026-12-21T04:59:59Z'),
                    timezone: 'America/New_York',
                  },
                },
              ],
            },
          ],
          codes: [
            { code: 'K7QM2XPA9RTB', description: '50% off General Admission' },
            { code: 'H3WN8ZCE4FJD', description: '50% off General Admission' },
          ],
          giftCards: [{ number: '4816203957714402', balanceCents: 5000 }],
        },
        locale,
      ),
    },
    {
      name: 'Tickets cancelled (manage page)',
      mail: orderChangeMail(
        BRAND,
        {
          kind: 'order_cancel',
          cancelled: cancelPreview([{ name: 'Adult', count: 1, seats: [] }]),
          remaining: cancelPreview([
            { name: 'Adult', count: 1, seats: [] },
            { name: 'Child', count: 1, seats: [] },
          ]),
        },
        locale,
      ),
    },
    {
      name: 'Resend tickets',
      mail: resendMail(
        BRAND,
        [
          { orderNumber: 'K7Q2M9XA', link: `${ORIGIN}/checkout/complete?orderIds=1` },
          { orderNumber: 'P3R8T1ZB', link: `${ORIGIN}/checkout/complete?orderIds=2` },
        ],
        locale,
      ),
    },
    {
      name: 'Password reset',
      mail: resetMail(BRAND, `${ORIGIN}/user/reset-password?token=demo`, true, locale),
    },
    {
      name: 'Set a password',
      mail: resetMail(BRAND, `${ORIGIN}/user/reset-password?token=demo`, false, locale),
    },
    {
      name: 'Email verification',
      mail: verifyEmailMail(BRAND, `${ORIGIN}/user/verify-email?token=demo`, false, locale),
    },
    {
      name: 'Email change: confirm',
      mail: verifyEmailMail(BRAND, `${ORIGIN}/user/verify-email?token=demo`, true, locale),
    },
    { name: 'Email change: notice', mail: emailChangeNoticeMail(BRAND, 'new.address@example.com', locale) },
    {
      name: 'Membership ID',
      mail: membershipIdMail(
        BRAND,
        [
          { levelName: 'Dual', scanCode: '700001234' },
          { levelName: 'Individual', scanCode: '700005678' },
        ],
        locale,
      ),
    },
    {
      name: 'Gift membership (recipient already a member)',
      mail: giftCodeMail(
        BRAND,
        `${ORIGIN}/membership/redeem?gift_code=`,
        [{ levelName: 'Family', code: 'H7KQ2M9XPA', validTo: new Date('2027-11-21T00:00:00Z') }],
        { locale, timeZone: 'America/New_York' },
      ),
    },
  ];
}
