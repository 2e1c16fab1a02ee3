// @vitest-environment jsdom
/**
 * The redeem page's member slots say who each is with the role's label (the seller's override when set),
 * never the party-role key: 'Member 2 (Second card)', not 'Member 2 (second-card)'.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RedeemMembers } from '../../ui/account/RedeemMembers';
import { createMembershipLabels } from '../../ui/membership/labels';
import { withMembershipStrings } from '../../ui/membership-strings';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = withMembershipStrings(createStrings());
const slot = (partyRole: string) => ({ partyRole, emailRequired: 'no' as const });

describe('RedeemMembers', () => {
  it('names each slot by its role label, numbered within its role; unknown roles read Member', () => {
    render(
      <RedeemMembers
        strings={strings}
        slots={[slot('member'), slot('second-card'), slot('child'), slot('child'), slot('odd-role')]}
        values={[]}
        onChange={() => {}}
      />,
    );
    const legends = [...document.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toEqual([
      'Member 1 (Member)',
      'Member 2 (Second card)',
      'Member 3 (Child)',
      'Member 4 (Child 2)',
      'Member 5 (Member)',
    ]);
    expect(screen.queryByText(/second-card|odd-role/)).toBeNull();
  });

  it("uses the seller's label for a role", () => {
    render(
      <RedeemMembers
        strings={strings}
        labels={createMembershipLabels({ 'role_second-card': 'Partner' })}
        slots={[slot('member'), slot('second-card')]}
        values={[]}
        onChange={() => {}}
      />,
    );
    expect([...document.querySelectorAll('legend')].map((l) => l.textContent)).toEqual([
      'Member 1 (Member)',
      'Member 2 (Partner)',
    ]);
  });
});
