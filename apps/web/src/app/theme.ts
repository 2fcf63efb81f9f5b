import type { ThemeConfig } from 'antd';

/**
 * The focus ring of every antd control: antd draws it in `colorPrimaryBorder`, by default a
 * pale tint of the primary (1.6:1 on white), below WCAG 2.2's 3:1 for non-text contrast. The
 * brand's 700 shade (index.css) is 7.9:1 on white and on the brand's light fills.
 */
const FOCUS_RING = '#4338ca';

/** Ant Design tokens matching the Tailwind brand colours (index.css) and system fonts. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    colorLink: '#4f46e5',
    colorPrimaryBorder: FOCUS_RING,
    lineWidthFocus: 2,
    borderRadius: 8,
    fontFamily:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
