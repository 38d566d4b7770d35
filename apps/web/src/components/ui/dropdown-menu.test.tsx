import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu, type DropdownMenuItem } from './dropdown-menu.tsx';

function renderMenu(items: DropdownMenuItem[]) {
  return render(
    <DropdownMenu
      trigger={<span aria-hidden="true">⋯</span>}
      triggerLabel="操作メニュー"
      header={<p>山田 太郎</p>}
      items={items}
    />,
  );
}

describe('DropdownMenu', () => {
  it('opens from the labelled trigger and shows the header and items', async () => {
    const user = userEvent.setup();
    renderMenu([{ label: '編集', onSelect: vi.fn() }, { separator: true }, { label: '削除', onSelect: vi.fn(), danger: true }]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '操作メニュー' }));

    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByText('山田 太郎')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['編集', '削除']);
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });

  it('calls onSelect of the chosen item and closes', async () => {
    const user = userEvent.setup();
    const handleEdit = vi.fn();
    const handleDelete = vi.fn();
    renderMenu([{ label: '編集', onSelect: handleEdit }, { label: '削除', onSelect: handleDelete, danger: true }]);

    await user.click(screen.getByRole('button', { name: '操作メニュー' }));
    await user.click(screen.getByRole('menuitem', { name: '削除' }));

    expect(handleDelete).toHaveBeenCalledTimes(1);
    expect(handleEdit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('can be used with the keyboard', async () => {
    const user = userEvent.setup();
    const handleDelete = vi.fn();
    renderMenu([{ label: '編集', onSelect: vi.fn() }, { label: '削除', onSelect: handleDelete }]);

    screen.getByRole('button', { name: '操作メニュー' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(handleDelete).toHaveBeenCalledTimes(1);
  });

  it('colours danger items red and does not select disabled items', async () => {
    const user = userEvent.setup();
    const handleArchive = vi.fn();
    renderMenu([
      { label: 'アーカイブ', onSelect: handleArchive, disabled: true },
      { label: '削除', onSelect: vi.fn(), danger: true },
    ]);

    await user.click(screen.getByRole('button', { name: '操作メニュー' }));

    expect(screen.getByRole('menuitem', { name: '削除' })).toHaveClass('text-red-600');
    expect(screen.getByRole('menuitem', { name: 'アーカイブ' })).not.toHaveClass('text-red-600');
    const archive = screen.getByRole('menuitem', { name: 'アーカイブ' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    await user.click(archive);
    expect(handleArchive).not.toHaveBeenCalled();
  });

  it('draws a stand-in trigger until the menu code arrives, and a click on it opens the menu then', async () => {
    vi.resetModules();
    // A fresh copy of the module, whose menu code has not been loaded yet (setup-tests loads it for the others).
    const fresh = await import('./dropdown-menu.tsx');
    const view = render(<fresh.DropdownMenu trigger={<span aria-hidden="true">⋯</span>} triggerLabel="操作メニュー" items={[{ label: '編集', onSelect: vi.fn() }]} />);
    const standIn = view.getByRole('button', { name: '操作メニュー' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).not.toHaveAttribute('aria-expanded');

    // Synchronously, before the dynamic import of the menu code has settled.
    fireEvent.click(standIn);

    expect(await screen.findByRole('menuitem', { name: '編集' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '操作メニュー' })).toHaveAttribute('aria-expanded', 'true');
  });

  describe('mountOnUse', () => {
    const renderDeferred = (onSelect = vi.fn()) =>
      render(<DropdownMenu mountOnUse trigger={<span aria-hidden="true">⋯</span>} triggerLabel="操作メニュー" items={[{ label: '編集', onSelect }]} />);
    const isMenuButton = () => screen.getByRole('button', { name: '操作メニュー' }).hasAttribute('aria-expanded');

    it('keeps the stand-in until a click, which mounts the menu open', async () => {
      const user = userEvent.setup();
      const handleEdit = vi.fn();
      renderDeferred(handleEdit);
      expect(isMenuButton()).toBe(false);
      await user.hover(screen.getByRole('button', { name: '操作メニュー' }));
      expect(isMenuButton()).toBe(false);
      await user.click(screen.getByRole('button', { name: '操作メニュー' }));
      expect(isMenuButton()).toBe(true);
      await user.click(screen.getByRole('menuitem', { name: '編集' }));
      expect(handleEdit).toHaveBeenCalledTimes(1);
      // From then on it is the real menu.
      await user.click(screen.getByRole('button', { name: '操作メニュー' }));
      expect(screen.getByRole('menuitem', { name: '編集' })).toBeInTheDocument();
    });

    it('hands keyboard focus to the real trigger', async () => {
      const user = userEvent.setup();
      renderDeferred();
      await user.tab();
      expect(isMenuButton()).toBe(true);
      expect(screen.getByRole('button', { name: '操作メニュー' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('menuitem', { name: '編集' })).toBeInTheDocument();
    });
  });
});
