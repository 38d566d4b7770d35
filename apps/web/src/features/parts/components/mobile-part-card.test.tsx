import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { MobilePartCard } from './mobile-part-card.tsx';

function renderCard(part: ReturnType<typeof makePart>) {
  render(<MobilePartCard part={part} locked onAction={vi.fn()} onFieldSave={vi.fn(() => Promise.resolve())} renderTags={() => null} />);
  return screen.getByRole('article', { name: part.name });
}

describe('MobilePartCard', () => {
  it('marks an inactive part 停止中 beside its stock status, and an active one not', () => {
    expect(within(renderCard(makePart({ id: 1, name: '旧型ネジ', status: 'inactive' }))).getByText('停止中')).toBeInTheDocument();
    expect(within(renderCard(makePart({ id: 2, name: 'ネジ' }))).queryByText('停止中')).not.toBeInTheDocument();
  });
});
