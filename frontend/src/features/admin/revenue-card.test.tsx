import { screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render';
import { RevenueCard } from './revenue-card';

describe('the monthly revenue card', () => {
  it('sums the paying tiers when each has 5 members or more', () => {
    renderScreen(
      <RevenueCard
        stats={{ totalUsers: 30, activeUsers: 20, freeUsers: 15, premiumUsers: 10, vipUsers: 5 }}
        loading={false}
        error={undefined}
      />,
    );
    expect(screen.getByText('$785')).toBeInTheDocument();
  });

  it("shows no sum while a paying tier reads 'fewer than 5', as the sum would give its count away", () => {
    renderScreen(
      <RevenueCard
        stats={{
          totalUsers: 30,
          activeUsers: 20,
          freeUsers: 26,
          premiumUsers: 'fewer than 5',
          vipUsers: 'fewer than 5',
        }}
        loading={false}
        error={undefined}
      />,
    );
    expect(screen.getByText('Not shown')).toBeInTheDocument();
    expect(screen.getByText('fewer than 5 Premium × $29 + fewer than 5 VIP × $99')).toBeInTheDocument();
  });
});
