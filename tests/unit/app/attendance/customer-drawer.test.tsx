import { describe, expect, it } from 'vitest';
import { CustomerForm, groupOptions, type CustomerPatch } from '../../../../src/app/features/attendance/customer/customer-form';
import { customerEdits, editCustomerField, settleCustomerEdits } from '../../../../src/app/features/attendance/customer/customer-edits';
import type { CustomerView } from '../../../../src/app/features/attendance/model/types';
import { attendanceTexts } from '../../../../src/shared/i18n/pt-BR';
import { renderHtml } from './render-static';

const rita: CustomerView = {
  id: '7',
  name: 'Rita Lopes',
  phone_number: '5511966661234',
  address: 'Rua A, 1',
  group_of_customer_id: '3',
  group_of_customer: { name: 'VIP', color_tag: 'grape' },
};
const GROUPS = [
  { id: '2', name: 'Atacado', color_tag: 'orange' },
  { id: '3', name: 'VIP', color_tag: 'grape' },
];

const form = (extra: { customer?: CustomerView; edits?: Partial<CustomerPatch>; online?: boolean; groups?: typeof GROUPS; groupsMissing?: boolean }) =>
  renderHtml(
    <CustomerForm
      customer={extra.customer ?? rita}
      groups={extra.groups ?? GROUPS}
      groupsMissing={extra.groupsMissing}
      edits={extra.edits ?? {}}
      onEdit={() => undefined}
      onSave={() => undefined}
      online={extra.online ?? true}
    />,
  );

const saveButton = (html: string) => /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? '';

describe('customer details drawer', () => {
  it('offers the group field with the current group chosen', () => {
    const html = form({});
    expect(html).toContain('value="VIP"');
    expect(html).not.toContain(attendanceTexts.customerEditOffline);
  });

  it('offline: says that saving needs a connection, keeps what was typed and does not save', () => {
    const html = form({ online: false, edits: { address: 'Rua Nova, 99' } });
    expect(html).toContain(attendanceTexts.customerEditOffline);
    expect(html).toContain('value="Rua Nova, 99"');
    expect(saveButton(html)).toContain('disabled');
    expect(saveButton(form({ online: true, edits: { address: 'Rua Nova, 99' } }))).not.toContain('disabled');
  });

  it('shows a newer stored value of an untouched field while keeping the typed one', () => {
    const html = form({ customer: { ...rita, name: 'Rita L. Lopes' }, edits: { address: 'Rua Nova, 99' } });
    expect(html).toContain('value="Rita L. Lopes"');
    expect(html).toContain('value="Rua Nova, 99"');
  });

  it("without the group list (offline) the customer's own group is still a named choice", () => {
    expect(groupOptions(rita, [])).toEqual([{ value: '3', label: 'VIP' }]);
    expect(groupOptions(rita, GROUPS).map((o) => o.label)).toEqual(['Atacado', 'VIP']);
    expect(form({ groups: [], groupsMissing: true, online: false })).toContain(attendanceTexts.customerGroupsOffline);
  });

  it('a save forgets only the edits it saved', () => {
    editCustomerField('7', 'address', 'Rua Nova, 99 ');
    editCustomerField('7', 'open_field', 'liga à tarde');
    settleCustomerEdits('7', { address: 'Rua Nova, 99' });
    expect(customerEdits['7']).toEqual({ open_field: 'liga à tarde' });
    settleCustomerEdits('7', { open_field: 'liga à tarde' });
    expect(customerEdits['7']).toBeUndefined();
  });
});
