import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * Ant Design as tests want it: no motion (a closing dropdown or modal is gone at once, not
 * after its transition) and no virtual lists (jsdom has no layout, so a virtual list renders
 * only the options that fit its guessed height). The app's own theme, nested inside, keeps
 * every other token (antd merges nested themes).
 *
 * Styles are rendered as on a server (`mock="server"`): none is injected into jsdom's
 * document. jsdom matches every stylesheet rule on each getComputedStyle call, which
 * Testing Library makes for every element a role query or `toBeVisible` looks at; with
 * antd's thousands of rules that was most of a route test's time (a plays route file: 38 s
 * of tests with the styles, 10 s without). What tests check does not depend on antd's CSS:
 * closed popups and modals leave the DOM (no motion) or carry `hidden`/`display: none` inline.
 */
export function AntdForTests({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }} virtual={false}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}
