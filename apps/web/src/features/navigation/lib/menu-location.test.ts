import { describe, expect, it } from 'vitest';
import { getMenuLocation } from './menu-location';

describe('getMenuLocation', () => {
  it.each([
    ['/app/home', { selectedKey: 'home' }],
    ['/app/home/meet-an-expert', { selectedKey: 'home' }],
    ['/app/connections', { selectedKey: 'connections', sectionKey: 'setup' }],
    ['/app/segments/s1', { selectedKey: 'segment:s1', sectionKey: 'segments' }],
    ['/app/segments/s1/settings/columns', { selectedKey: 'segment:s1', sectionKey: 'segments' }],
    ['/app/plays/p1', { selectedKey: 'plays' }],
    ['/app/activations/a1', { selectedKey: 'activations' }],
    ['/app/scores', { selectedKey: 'scores' }],
    ['/app/scores/new', { selectedKey: 'scores' }],
    ['/app/scores/s1', { selectedKey: 'scores' }],
    ['/app/scoresheet', {}],
    ['/app/notifications', { selectedKey: 'alerts' }],
    ['/app/profile', {}],
    ['/app/homework', {}],
  ])('%s', (pathname, expected) => {
    expect(getMenuLocation(pathname)).toEqual(expected);
  });
});
