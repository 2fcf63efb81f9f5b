import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from './auth-layout';

describe('AuthLayout', () => {
  it('renders the form area, the tagline, the four blurbs and the copyright line', () => {
    render(
      <AuthLayout>
        <p>form goes here</p>
      </AuthLayout>,
    );
    expect(screen.getByRole('main')).toHaveTextContent('form goes here');

    const panel = screen.getByRole('complementary', { name: 'About Revlane' });
    expect(panel).toHaveTextContent('The #1 Data Automation Platform for Revenue Teams.');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Connect', 'Transform', 'Share', 'Data Privacy']);
    expect(panel).toHaveTextContent(/mapping it to accounts and contacts/);
    expect(panel).toHaveTextContent(/qualified leads with your sales teams/);
    expect(panel).toHaveTextContent(/SOC 2 Type 1 certified/);
    expect(panel).toHaveTextContent(/separate instance/);
    expect(panel).toHaveTextContent(/never sold/);

    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      '© 2022 Revlane, Inc. All rights reserved.',
    );
    expect(screen.getByText('Revlane')).toBeInTheDocument();
  });
});
