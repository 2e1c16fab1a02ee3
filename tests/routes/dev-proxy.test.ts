/** `npm run dev`: Vite serves our source modules under /api/ itself and proxies only API calls. */
import { describe, expect, it } from 'vitest';
import { sourceModule } from '../../vite.config';

describe('dev proxy', () => {
  it('keeps source modules (api/index.ts …) with Vite and sends API calls to the reference server', () => {
    expect(sourceModule({ url: '/api/index.ts' })).toBe('/api/index.ts');
    expect(sourceModule({ url: '/api/codes.ts?t=123' })).toBe('/api/codes.ts?t=123');
    expect(sourceModule({ url: '/api/events/available?seller_id=s' })).toBeUndefined();
    expect(sourceModule({ url: '/cached/api/ticket_order/o/qrcode?margin=4' })).toBeUndefined();
  });
});
