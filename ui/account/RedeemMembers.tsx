import '../membership-strings';
import { type MembershipLabels, membershipLabels, roleLabel } from '../membership/labels';
import type { MembershipPageStrings } from '../membership-strings';
import { Field } from './Field';

export interface RedeemMemberSlot {
  partyRole: string;
  emailRequired: 'yes' | 'no' | 'other';
}

export interface RedeemMemberValue {
  firstName: string;
  lastName: string;
  email: string;
}

export interface RedeemMembersProps {
  strings: MembershipPageStrings;
  /** The membership labels with the seller's overrides (role names); default: the defaults. */
  labels?: MembershipLabels;
  slots: RedeemMemberSlot[];
  values: RedeemMemberValue[];
  onChange: (index: number, value: RedeemMemberValue) => void;
}

/** The named members of the chosen level: first and last name, and the email where the level asks for it. */
export function RedeemMembers({
  strings,
  labels = membershipLabels,
  slots,
  values,
  onChange,
}: RedeemMembersProps) {
  const ordinals = slots.map(
    (slot, i) => slots.slice(0, i + 1).filter((s) => s.partyRole === slot.partyRole).length,
  );
  return (
    <>
      {slots.map((slot, i) => {
        const value = values[i] ?? { firstName: '', lastName: '', email: '' };
        const set = (patch: Partial<RedeemMemberValue>) => onChange(i, { ...value, ...patch });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are the level's, in order
          <fieldset className="redeem-member" key={i}>
            <legend>{`${strings.redeemMember} ${i + 1} (${roleLabel(labels, slot.partyRole, ordinals[i])})`}</legend>
            <Field
              id={`redeem-member-${i}-first`}
              label={strings.firstName}
              autoComplete={i === 0 ? 'given-name' : 'off'}
              required
              maxLength={50}
              value={value.firstName}
              error={null}
              onValueChange={(firstName) => set({ firstName })}
            />
            <Field
              id={`redeem-member-${i}-last`}
              label={strings.lastName}
              autoComplete={i === 0 ? 'family-name' : 'off'}
              required
              maxLength={50}
              value={value.lastName}
              error={null}
              onValueChange={(lastName) => set({ lastName })}
            />
            {slot.emailRequired === 'other' ? null : (
              <Field
                id={`redeem-member-${i}-email`}
                label={strings.email}
                type="email"
                autoComplete={i === 0 ? 'email' : 'off'}
                required={slot.emailRequired === 'yes'}
                maxLength={254}
                value={value.email}
                error={null}
                onValueChange={(email) => set({ email })}
              />
            )}
          </fieldset>
        );
      })}
    </>
  );
}
