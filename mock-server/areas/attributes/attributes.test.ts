import { describe, expect, it } from 'vitest';
import type { ProjectAttribute } from '../../../src/api/contract/projectAttributes';
import { snapshot } from '../risks/testing';
import { signIn } from '../../testing/signIn';
import { get, patch, post, del, attributes, attribute, history } from './testing';

describe('GET /api/projects/{id}/attributes/', () => {
  it('lists the ten attributes of project 1 with their types, values and validations', async () => {
    const admin = await signIn('admin');
    const list = await attributes(admin);
    expect(list.map((a) => [a.key, a.type])).toEqual([
      ['delivery_model', 'choice'],
      ['contract_value', 'number'],
      ['go_live_date', 'date'],
      ['offshore_share', 'number'],
      ['agile', 'boolean'],
      ['client_industry', 'text'],
      ['regulated_domain', 'boolean'],
      ['main_technology', 'text'],
      ['team_location', 'choice'],
      ['support_hours', 'text'],
    ]);
    expect(list[0]).toMatchObject({
      value: 'fixed_price',
      validation: { by: { id: 5, login: 'ohaddad' } },
    });
    expect(list[1]).toMatchObject({ value: 1_250_000, unit: 'EUR', min: 0, decimals: 2 });
    expect(list[9]).toMatchObject({ value: null, validation: null, updated_by: null });
  });

  it('answers 404 for an unknown project and 403 without the card flag', async () => {
    const admin = await signIn('admin');
    expect((await get(admin, '/api/projects/99999/attributes/')).status).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    const res = await get(viewer, '/api/projects/1/attributes/');
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
  });
});

describe('PATCH /api/projects/{id}/attributes/', () => {
  it('fills unvalidated attributes (pm, with the fill flag) and records each in the History', async () => {
    const pm = await signIn('pm');
    const res = await patch(pm, '/api/projects/1/attributes/', {
      support_hours: '  8x5 CET ',
      go_live_date: '2027-04-01',
      agile: false,
    });
    expect(res.status).toBe(200);
    const list = res.body as ProjectAttribute[];
    expect(list.find((a) => a.key === 'support_hours')).toMatchObject({
      value: '8x5 CET',
      updated_by: { id: 2 },
    });
    const entries = await history(pm);
    expect(entries.slice(0, 3).map((e) => [e.section, e.field, e.old_value, e.new_value])).toEqual(
      expect.arrayContaining([
        ['Attributes', 'Support hours', '', '8x5 CET'],
        ['Attributes', 'Go-live date', '03/15/2027', '04/01/2027'],
        ['Attributes', 'Agile', 'Yes', 'No'],
      ]),
    );
  });

  it('refuses a validated attribute to the fill flag alone (403 naming CAN_EDIT_ATTRIBUTES)', async () => {
    const pm = await signIn('pm');
    const before = snapshot(pm);
    const res = await patch(pm, '/api/projects/1/attributes/', {
      support_hours: '24x7',
      delivery_model: 'managed_service',
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_ATTRIBUTES');
    expect(snapshot(pm)).toBe(before);
    // The same value as validated changes nothing and is allowed.
    expect(
      (await patch(pm, '/api/projects/1/attributes/', { delivery_model: 'fixed_price' })).status,
    ).toBe(200);
  });

  it('lets the edit flag change a validated value, which clears its validation', async () => {
    const admin = await signIn('admin');
    const res = await patch(admin, '/api/projects/1/attributes/', { contract_value: 1_300_000.5 });
    expect(res.status).toBe(200);
    expect(await attribute(admin, 'contract_value')).toMatchObject({
      value: 1_300_000.5,
      validation: null,
    });
    const [cleared, changed] = await history(admin);
    expect(changed).toMatchObject({
      field: 'Contract value',
      old_value: '1,250,000 EUR',
      new_value: '1,300,000.5 EUR',
    });
    expect(cleared).toMatchObject({
      field: 'Contract value (validation)',
      old_value: 'Validated by Omar Haddad',
    });
  });

  it('answers 400 by attribute key for values that do not fit their type; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = snapshot(admin);
    const res = await patch(admin, '/api/projects/1/attributes/', {
      delivery_model: 'cost_plus',
      contract_value: '1000',
      go_live_date: '2027-02-30',
      offshore_share: 101,
      agile: 'yes',
      client_industry: '   ',
      regulated_domain: 1,
      main_technology: 'x'.repeat(201),
      team_location: null,
      support_hours: ['8x5'],
      nickname: 'Apollo',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object).sort()).toEqual(
      [
        'agile',
        'client_industry',
        'contract_value',
        'delivery_model',
        'go_live_date',
        'main_technology',
        'nickname',
        'offshore_share',
        'regulated_domain',
        'support_hours',
      ].sort(),
    );
    expect(res.body.offshore_share).toEqual(['Enter a number from 0 to 100.']);
    expect(res.body.contract_value).toEqual(['Enter a number.']);
    expect(snapshot(admin)).toBe(before);
    expect(
      (await patch(admin, '/api/projects/1/attributes/', { offshore_share: 12.5 })).body,
    ).toEqual({ offshore_share: ['Enter a whole number.'] });
    expect((await patch(admin, '/api/projects/1/attributes/', {})).status).toBe(400);
    expect((await patch(admin, '/api/projects/1/attributes/', [1])).status).toBe(400);
    expect(snapshot(admin)).toBe(before);
  });

  it('answers 403 naming the fill flag to a persona without either flag', async () => {
    const expert = await signIn('expert');
    const res = await patch(expert, '/api/projects/1/attributes/', { support_hours: '24x7' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_FILL_PROJECT_ATTRIBUTES');
  });
});

describe('attribute validation', () => {
  it('validates a filled value (who and when kept), refuses an empty or validated one', async () => {
    const admin = await signIn('admin');
    const path = (key: string) => `/api/projects/1/attributes/${key}/validation/`;
    expect((await post(admin, path('support_hours'))).body).toEqual({
      non_field_errors: ['Fill in a value before validating it.'],
    });
    const res = await post(admin, path('main_technology'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'main_technology',
      validation: { by: { id: 1 }, at: expect.any(String) },
    });
    expect((await post(admin, path('main_technology'))).status).toBe(400);
    expect((await history(admin))[0]).toMatchObject({
      section: 'Attributes',
      field: 'Main technology (validation)',
      old_value: 'Not validated',
      new_value: 'Validated: Java / Spring Boot',
    });
    expect((await post(admin, path('nickname'))).status).toBe(404);
  });

  it('validating needs CAN_VALIDATE_ATTRIBUTES; clearing needs CAN_EDIT_ATTRIBUTES', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const before = snapshot(admin);
    const validate = await post(pm, '/api/projects/1/attributes/agile/validation/');
    expect(validate.status).toBe(403);
    expect(validate.body.detail).toContain('CAN_VALIDATE_ATTRIBUTES');
    const clear = await del(pm, '/api/projects/1/attributes/delivery_model/validation/');
    expect(clear.status).toBe(403);
    expect(clear.body.detail).toContain('CAN_EDIT_ATTRIBUTES');
    expect(snapshot(admin)).toBe(before);

    const cleared = await del(admin, '/api/projects/1/attributes/delivery_model/validation/');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ value: 'fixed_price', validation: null });
    expect((await del(admin, '/api/projects/1/attributes/agile/validation/')).status).toBe(400);
    // Unvalidated now, the pm may change it.
    expect(
      (await patch(pm, '/api/projects/1/attributes/', { delivery_model: 'managed_service' }))
        .status,
    ).toBe(200);
  });
});
