import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../testing/renderRoutes';
import { makeRisk } from './detailTesting';
import { TRANSFER_HINT, TRANSFER_HINT_READ_ONLY, TransferTab } from './TransferTab';

describe('the Transfer tab says one thing, true for its reader', () => {
  it('without the transfer flag: who may transfer, and that this user may not; no form', () => {
    renderRoute(<TransferTab risk={makeRisk({ user_permissions: [] })} />);
    expect(screen.getByText(TRANSFER_HINT_READ_ONLY)).toBeVisible();
    expect(screen.queryByText(/^You can transfer/)).toBeNull();
    expect(screen.queryByText('Your role cannot transfer this risk.')).toBeNull();
  });

  it('with it: that they can, and the form', () => {
    renderRoute(<TransferTab risk={makeRisk()} />);
    expect(screen.getByText(TRANSFER_HINT)).toBeVisible();
    expect(screen.queryByText(/your role cannot transfer/i)).toBeNull();
  });
});
