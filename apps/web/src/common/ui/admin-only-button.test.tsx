import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectAdminOnly, expectTooltip } from '@/testing/admin-only';
import { AntdForTests } from '@/testing/antd-for-tests';
import { AdminOnlyButton } from './admin-only-button';

function renderButton(canEdit: boolean) {
  const onClick = vi.fn();
  render(
    <AntdForTests>
      <AdminOnlyButton canEdit={canEdit} action="sync sources" onClick={onClick}>
        Sync now
      </AdminOnlyButton>
    </AntdForTests>,
  );
  return { onClick, button: screen.getByRole('button', { name: 'Sync now' }) };
}

describe('AdminOnlyButton', () => {
  it('is a plain button for an admin', async () => {
    const { onClick, button } = renderButton(true);
    await userEvent.hover(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('is disabled for a member, and says why on hover', async () => {
    const { onClick, button } = renderButton(false);
    await expectAdminOnly(button, 'Only admins can sync sources');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('says why on keyboard focus too: the Tab stop is what holds the disabled button', async () => {
    const { button } = renderButton(false);
    await userEvent.tab();
    expect(button.parentElement).toHaveFocus();
    await expectTooltip('Only admins can sync sources');
  });
});
