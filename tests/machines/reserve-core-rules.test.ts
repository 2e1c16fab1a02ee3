/** The reserve core's notice rules: add replaces a notice of the same key, dismiss removes only its key. */
import { describe, expect, it } from 'vitest';
import {
  errorNotice,
  noticesAfterDismiss,
  withNotice,
  withoutNotices,
} from '../../machines/reserve/core/rules';

const a = errorNotice('a', { key: 'errorUnexpected' });
const b = errorNotice('b', { key: 'eventUnavailable' });

describe('reserve notices', () => {
  it('adds a notice last, replacing one with its key', () => {
    expect(withNotice([a, b], { ...a, level: 'warning' })).toEqual([b, { ...a, level: 'warning' }]);
    expect(withoutNotices([a, b], ['b', 'c'])).toEqual([a]);
  });

  it('message.dismiss removes its key only; another event changes nothing', () => {
    expect(noticesAfterDismiss([a, b], { type: 'message.dismiss', key: 'a' } as never)).toEqual([b]);
    expect(noticesAfterDismiss([a, b], { type: 'message.dismiss', key: 'zzz' } as never)).toEqual([a, b]);
    const same = [a, b];
    expect(noticesAfterDismiss(same, { type: 'submit' })).toBe(same);
  });
});
