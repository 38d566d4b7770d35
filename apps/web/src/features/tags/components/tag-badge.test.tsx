import { TAG_PALETTE } from '@inventory/contracts/tags';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TagBadge, tagTextColor } from './tag-badge.tsx';

const DARK = '#000000';
const WHITE = '#FFFFFF';

describe('tagTextColor', () => {
  it('writes dark text on light colours and white text on dark ones', () => {
    expect(tagTextColor('#F59E0B')).toBe(DARK);
    expect(tagTextColor('#84CC16')).toBe(DARK);
    expect(tagTextColor('#FFFFFF')).toBe(DARK);
    expect(tagTextColor('#6B7280')).toBe(WHITE);
    expect(tagTextColor('#8B5CF6')).toBe(DARK);
    expect(tagTextColor('#000000')).toBe(WHITE);
  });

  it('reaches a contrast of at least 4.5:1 on every palette colour and on any other', () => {
    const luminance = (hex: string) => {
      const value = Number.parseInt(hex.slice(1), 16);
      const channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
    };
    const channels = Array.from({ length: 18 }, (_, step) => (step * 15).toString(16).padStart(2, '0'));
    const others = channels.flatMap((red) => channels.flatMap((green) => channels.map((blue) => `#${red}${green}${blue}`)));
    for (const color of [...TAG_PALETTE, ...others]) {
      const [a, b] = [luminance(color), luminance(tagTextColor(color))];
      expect((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('TagBadge', () => {
  it('shows the name on the tag colour with the readable text colour', () => {
    render(<TagBadge tag={{ name: '電子部品', color: '#F59E0B' }} />);
    const badge = screen.getByText('電子部品').parentElement!;
    expect(badge).toHaveStyle({ backgroundColor: '#F59E0B', color: DARK });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('falls back to the default colour when the colour is not #RRGGBB', () => {
    render(<TagBadge tag={{ name: '不明', color: 'blue' }} />);
    expect(screen.getByText('不明').parentElement).toHaveStyle({ backgroundColor: '#3B82F6' });
  });

  it('offers a remove button named after the tag', async () => {
    const onRemove = vi.fn();
    render(<TagBadge tag={{ name: 'ネジ', color: '#6B7280' }} onRemove={onRemove} size="md" />);
    await userEvent.click(screen.getByRole('button', { name: 'ネジを外す' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
