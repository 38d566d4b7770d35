import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer.tsx';

afterEach(() => vi.unstubAllEnvs());

describe('Footer', () => {
  it('shows the copyright line and the developer credit, which never opens the API documentation', () => {
    vi.stubEnv('VITE_DEVELOPER_URL', '');
    render(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} 在庫・製造管理. All rights reserved.`)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('開発: 在庫・製造管理 開発チーム');
    // No developer page was named when the app was built: the credit is text, not a link.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("links the credit to the developer's page named at build time, in a new tab", () => {
    vi.stubEnv('VITE_DEVELOPER_URL', 'https://maker.example.com/');
    render(<Footer />);
    const link = screen.getByRole('link', { name: '在庫・製造管理 開発チーム' });
    expect(link).toHaveAttribute('href', 'https://maker.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links a mail address without a new tab', () => {
    vi.stubEnv('VITE_DEVELOPER_URL', 'mailto:dev@maker.example.com');
    render(<Footer />);
    const link = screen.getByRole('link', { name: '在庫・製造管理 開発チーム' });
    expect(link).toHaveAttribute('href', 'mailto:dev@maker.example.com');
    expect(link).not.toHaveAttribute('target');
  });
});
