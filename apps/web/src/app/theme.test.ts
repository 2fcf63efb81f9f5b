import { contrastRatio, MIN_NON_TEXT_CONTRAST } from '@revlane/contracts';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('app theme', () => {
  const token = antdTheme.getDesignToken(theme);

  it('draws the focus ring at 3:1 or more on what it sits on (WCAG 2.2, 1.4.11)', () => {
    // The page and cards, the grey of the layout and hovered items, a selected item's fill.
    const backgrounds = [
      '#ffffff',
      token.colorBgContainer,
      token.colorBgLayout,
      token.controlItemBgActive,
    ];
    const ratios = backgrounds.map((background) => ({
      background,
      ratio: Number(contrastRatio(token.colorPrimaryBorder, background).toFixed(2)),
    }));
    expect(ratios.filter(({ ratio }) => ratio < MIN_NON_TEXT_CONTRAST)).toEqual([]);
  });

  it('draws it at least 2 px wide', () => {
    expect(token.lineWidthFocus).toBeGreaterThanOrEqual(2);
  });
});
